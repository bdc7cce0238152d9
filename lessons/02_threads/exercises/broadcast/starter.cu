// out[row][col] = a[row] + b[col] for a rows × cols matrix stored row by row.
// One block of 32 × 32 threads; rows and cols are at most 32.
__global__ void outer_sum(const float* a, const float* b, float* out, int rows, int cols) {
  // TODO: find this thread's row and column; inside the matrix, write a[row] + b[col] to its
  // element of out.
}
