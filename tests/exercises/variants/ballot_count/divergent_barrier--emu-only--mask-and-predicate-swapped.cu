// The arguments are swapped: __ballot_sync(above, 0xffffffff) calls with the mask 0 or 1, which
// leaves out every lane but lane 0.
__global__ void count_above(const int* a, int* out, int n, int threshold) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const bool above = (i < n) && a[i] > threshold;
  const unsigned votes = __ballot_sync(above, 0xffffffff);
  if (threadIdx.x % 32 == 0) atomicAdd(&out[0], __popc(votes));
}
