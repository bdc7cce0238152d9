// The last level uses only the 8 lanes that hold a sum: they call the shuffles with the mask 0xff
// (lanes 0-7), three steps of 4, 2, 1; lanes 8-31 do not call them, and the mask does not name them.
__global__ void warp_sum(const float* a, float* out, int n) {
  __shared__ float warp_sums[8];
  const int t = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + t;
  float v = (i < n) ? a[i] : 0.f;
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffff, v, offset);
  if (t % 32 == 0) warp_sums[t / 32] = v;
  __syncthreads();
  if (t < 8) {
    float s = warp_sums[t];
    for (int offset = 4; offset > 0; offset /= 2) s += __shfl_down_sync(0xff, s, offset);
    if (t == 0) atomicAdd(&out[0], s);
  }
}
