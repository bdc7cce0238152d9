// No guard: the threads past n read a[i] beyond the end of a to vote.
__global__ void count_above(const int* a, int* out, int n, int threshold) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned votes = __ballot_sync(0xffffffff, a[i] > threshold);
  if (threadIdx.x % 32 == 0) atomicAdd(&out[0], __popc(votes));
}
