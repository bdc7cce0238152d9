// C = A × B: A is rows × n, B is n × cols, C is rows × cols, all stored row by row.
// One thread per element of C. Blocks of 32 × 8 threads; ceil(cols / 32) × ceil(rows / 8) blocks.
__global__ void mat_mul(const float* a, const float* b, float* c, int rows, int cols, int n) {
  // x is the column: a warp's 32 threads read neighbouring elements of B and write neighbouring
  // elements of C, and all read the same element of A.
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < rows && col < cols) {
    float sum = 0.f;
    for (int k = 0; k < n; ++k) sum += a[row * n + k] * b[k * cols + col];
    c[row * cols + col] = sum;
  }
}
