// out[i] = a[i] + 10 for every i < n. Blocks of 256 threads, ceil(n / 256) blocks.
__global__ void add_ten(const float* a, float* out, int n) {
  // TODO: compute this thread's element index, and add ten only when it is inside the array.
}
