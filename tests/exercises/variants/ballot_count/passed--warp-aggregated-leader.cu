// The first lane that voted yes adds the warp's count (__ffs finds it), and a warp with no yes
// vote makes no atomic at all.
__global__ void count_above(const int* a, int* out, int n, int threshold) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x % 32;
  const unsigned votes = __ballot_sync(0xffffffff, i < n && a[i] > threshold);
  if (votes != 0 && lane == __ffs(votes) - 1) atomicAdd(&out[0], __popc(votes));
}
