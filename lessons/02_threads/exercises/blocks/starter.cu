// out[i] = k * a[i]. n / T blocks of T threads, n a multiple of T: one element per thread.
__global__ void scale(const float* a, float* out, float k) {
  const int i = 0;  // TODO: this thread's global index, from its block and its place in the block.
  out[i] = k * a[i];
}
