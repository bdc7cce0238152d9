// The shuffles go 1, 2, 4, 8, 16 instead of 16 down to 1: lane 0 still ends with the warp's sum
// (after offset d it holds the sum of lanes 0 to 2d - 1).
__global__ void warp_sum(const float* a, float* out, int n) {
  __shared__ float warp_sums[8];
  const int t = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + t;
  const int lane = t % 32;
  const int warp = t / 32;
  float v = (i < n) ? a[i] : 0.f;
  for (int offset = 1; offset < 32; offset *= 2) v += __shfl_down_sync(0xffffffff, v, offset);
  if (lane == 0) warp_sums[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = (lane < 8) ? warp_sums[lane] : 0.f;
    for (int offset = 1; offset < 32; offset *= 2) v += __shfl_down_sync(0xffffffff, v, offset);
    if (lane == 0) atomicAdd(&out[0], v);
  }
}
