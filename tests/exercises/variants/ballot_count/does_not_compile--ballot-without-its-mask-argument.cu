// The mask is missing: __ballot_sync takes the mask of the lanes that take part, then the predicate.
__global__ void count_above(const int* a, int* out, int n, int threshold) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const bool above = (i < n) && a[i] > threshold;
  const unsigned votes = __ballot_sync(above);
  if (threadIdx.x % 32 == 0) atomicAdd(&out[0], __popc(votes));
}
