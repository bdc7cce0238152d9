// `threadIdx.x == 0` is lane 0 of the first warp only: the other 7 warps of each block vote, and
// nobody adds their counts.
__global__ void count_above(const int* a, int* out, int n, int threshold) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const bool above = (i < n) && a[i] > threshold;
  const unsigned votes = __ballot_sync(0xffffffff, above);
  if (threadIdx.x == 0) atomicAdd(&out[0], __popc(votes));
}
