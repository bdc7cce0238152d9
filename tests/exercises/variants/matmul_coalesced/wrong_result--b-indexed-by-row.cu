// b[k * cols + row]: the row where the column belongs.
__global__ void mat_mul(const float* a, const float* b, float* c, int rows, int cols, int n) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < rows && col < cols) {
    float sum = 0.f;
    for (int k = 0; k < n; ++k) sum += a[row * n + k] * b[k * cols + row];
    c[row * cols + col] = sum;
  }
}
