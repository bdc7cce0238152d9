// No lane-0 guard: every lane gets the same ballot, and all 32 add the warp's count.
__global__ void count_above(const int* a, int* out, int n, int threshold) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const bool above = (i < n) && a[i] > threshold;
  const unsigned votes = __ballot_sync(0xffffffff, above);
  atomicAdd(&out[0], __popc(votes));
}
