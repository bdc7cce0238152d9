// No guard on the load: the threads past n read a[i] beyond the end of a.
__global__ void warp_sum(const float* a, float* out, int n) {
  __shared__ float warp_sums[8];
  const int t = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + t;
  const int lane = t % 32;
  const int warp = t / 32;
  float v = a[i];
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffff, v, offset);
  if (lane == 0) warp_sums[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = (lane < 8) ? warp_sums[lane] : 0.f;
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffff, v, offset);
    if (lane == 0) atomicAdd(&out[0], v);
  }
}
