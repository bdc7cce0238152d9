// The ballot is inside `if (i < n)`: in a warp that is partly past n, the idle lanes skip it and
// wait at __syncthreads(), while the mask 0xffffffff says all 32 lanes take part.
__global__ void count_above(const int* a, int* out, int n, int threshold) {
  __shared__ int warp_counts[8];
  const int t = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + t;
  if (t % 32 == 0) warp_counts[t / 32] = 0;
  if (i < n) {
    const unsigned votes = __ballot_sync(0xffffffff, a[i] > threshold);
    if (t % 32 == 0) warp_counts[t / 32] = __popc(votes);
  }
  __syncthreads();
  if (t == 0) {
    int count = 0;
    for (int w = 0; w < 8; ++w) count += warp_counts[w];
    atomicAdd(&out[0], count);
  }
}
