// One __device__ helper does both levels' shuffles.
__device__ float warp_reduce(float v) {
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffff, v, offset);
  return v;
}

__global__ void warp_sum(const float* a, float* out, int n) {
  __shared__ float warp_sums[8];
  const unsigned lane = threadIdx.x & 31;
  const unsigned warp = threadIdx.x >> 5;
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const float sum = warp_reduce(i < n ? a[i] : 0.f);
  if (lane == 0) warp_sums[warp] = sum;
  __syncthreads();
  if (warp != 0) return;  // a whole warp leaves: no shuffle below misses any of its lanes
  const float block_sum = warp_reduce(lane < 8 ? warp_sums[lane] : 0.f);
  if (lane == 0) atomicAdd(&out[0], block_sum);
}
