// out = 1 - a for a rows × cols image stored row by row.
// Blocks of 16 × 16 threads, a grid of ceil(cols / 16) × ceil(rows / 16) blocks.
__global__ void invert(const float* a, float* out, int rows, int cols) {
  // TODO: find this thread's column and row in the whole grid; inside the image, write 1 minus
  // its pixel of a to out.
}
