// C = A × B: A is rows × n, B is n × cols, C is rows × cols, all stored row by row.
// One thread per element of C. Blocks of 32 × 8 threads; ceil(cols / 32) × ceil(rows / 8) blocks.
__global__ void mat_mul(const float* a, const float* b, float* c, int rows, int cols, int n) {
  // TODO: take the column from x and the row from y, and compute this thread's element of C
  // (only if it is inside C).
}
