// Lane 0 adds 1 for every yes vote, one atomicAdd per set bit: the count is right, but lane 0 writes
// out up to 32 times where one atomicAdd of __popc(votes) does it.
__global__ void count_above(const int* a, int* out, int n, int threshold) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const bool above = (i < n) && a[i] > threshold;
  const unsigned votes = __ballot_sync(0xffffffff, above);
  if (threadIdx.x % 32 == 0)
    for (unsigned left = votes; left != 0; left &= left - 1) atomicAdd(&out[0], 1);
}
