// out[r] = the sum of row r of the rows × cols matrix m (stored row by row).
// One block of 256 threads per row: rows blocks.
__global__ void row_sums(const float* m, float* out, int rows, int cols) {
  __shared__ float partials[256];
  // TODO: add up this thread's columns of row blockIdx.x, store the partial sum, reduce the 256
  // partial sums in shared memory, and let one thread write the row's sum.
}
