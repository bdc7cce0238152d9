// A butterfly with __shfl_xor_sync: every lane ends with the warp's sum, not only lane 0.
__global__ void warp_sum(const float* a, float* out, int n) {
  __shared__ float warp_sums[8];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x % warpSize;
  const int warp = threadIdx.x / warpSize;
  float v = i < n ? a[i] : 0.0f;
  for (int mask = warpSize / 2; mask >= 1; mask >>= 1) v += __shfl_xor_sync(0xffffffff, v, mask);
  if (lane == 0) warp_sums[warp] = v;
  __syncthreads();
  if (warp == 0) {
    float s = lane < blockDim.x / warpSize ? warp_sums[lane] : 0.0f;
    for (int mask = warpSize / 2; mask >= 1; mask >>= 1) s += __shfl_xor_sync(0xffffffff, s, mask);
    if (lane == 0) atomicAdd(out, s);
  }
}
