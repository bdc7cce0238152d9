// One more level: lane 0 of each warp keeps its count in shared memory, and after a barrier
// thread 0 adds the block's 8 counts with one atomicAdd.
__global__ void count_above(const int* a, int* out, int n, int threshold) {
  __shared__ int warp_counts[8];
  const int t = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + t;
  int above = 0;
  if (i < n) above = a[i] > threshold;
  const unsigned votes = __ballot_sync(0xffffffff, above);
  if (t % 32 == 0) warp_counts[t / 32] = __popc(votes);
  __syncthreads();
  if (t == 0) {
    int count = 0;
    for (int w = 0; w < 8; ++w) count += warp_counts[w];
    atomicAdd(&out[0], count);
  }
}
