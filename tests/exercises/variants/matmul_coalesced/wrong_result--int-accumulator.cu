// The sum is kept in an int: every product's halves and quarters are dropped.
__global__ void mat_mul(const float* a, const float* b, float* c, int rows, int cols, int n) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < rows && col < cols) {
    int sum = 0;
    for (int k = 0; k < n; ++k) sum += a[row * n + k] * b[k * cols + col];
    c[row * cols + col] = sum;
  }
}
