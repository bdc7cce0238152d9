// out[0] = how many of a[0], …, a[n-1] are greater than threshold; out[0] starts at 0.
// Blocks of 256 threads, ceil(n / 256) blocks.
__global__ void count_above(const int* a, int* out, int n, int threshold) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x % 32;

  // Every lane votes, idle ones too (they vote no): the mask names all 32 lanes of the warp.
  const bool above = (i < n) && a[i] > threshold;
  const unsigned votes = __ballot_sync(0xffffffff, above);  // bit k: lane k voted yes

  if (lane == 0) atomicAdd(&out[0], __popc(votes));  // one atomic per warp, not one per element
}
