// out[0] = how many of a[0], …, a[n-1] are greater than threshold; out[0] starts at 0.
// Blocks of 256 threads, ceil(n / 256) blocks.
__global__ void count_above(const int* a, int* out, int n, int threshold) {
  // TODO: every lane votes whether its element is above threshold (idle lanes vote no) with
  // __ballot_sync; lane 0 of each warp counts the yes votes with __popc and adds them to out[0]
  // with one atomicAdd.
}
