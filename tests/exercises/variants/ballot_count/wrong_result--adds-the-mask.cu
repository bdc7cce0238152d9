// Adds the ballot itself, a mask of bits, instead of the number of bits set in it (__popc).
__global__ void count_above(const int* a, int* out, int n, int threshold) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const bool above = (i < n) && a[i] > threshold;
  const unsigned votes = __ballot_sync(0xffffffff, above);
  if (threadIdx.x % 32 == 0) atomicAdd(&out[0], votes);
}
