// The lane from the low five bits of threadIdx.x, and warps without a yes vote skip the atomic.
__global__ void count_above(const int* a, int* out, int n, int threshold) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  const bool above = i < (unsigned)n ? a[i] > threshold : false;
  const unsigned votes = __ballot_sync(~0u, above);
  if ((threadIdx.x & 31) == 0 && votes) atomicAdd(out, (int)__popc(votes));
}
