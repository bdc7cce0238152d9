// out[0] = a[0] + a[1] + … + a[n-1]; out[0] starts at 0.
// Blocks of 256 threads (8 warps), ceil(n / 256) blocks.
__global__ void warp_sum(const float* a, float* out, int n) {
  __shared__ float warp_sums[8];
  const int t = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + t;
  const int lane = t % 32;
  const int warp = t / 32;

  // 1. Each warp: every lane, idle ones too, takes part in every shuffle (the mask names all 32).
  float v = (i < n) ? a[i] : 0.f;
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffff, v, offset);
  if (lane == 0) warp_sums[warp] = v;  // lane 0 holds its warp's sum
  __syncthreads();                     // every warp's sum is written before warp 0 reads them

  // 2. The first warp adds the 8 sums (its lanes 8-31 add nothing), 3. thread 0 adds the block's.
  if (warp == 0) {
    v = (lane < 8) ? warp_sums[lane] : 0.f;
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffff, v, offset);
    if (lane == 0) atomicAdd(&out[0], v);
  }
}
