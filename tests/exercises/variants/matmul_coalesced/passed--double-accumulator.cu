// Sums in double for accuracy, stores a float.
__global__ void mat_mul(const float* a, const float* b, float* c, int rows, int cols, int n) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < rows && col < cols) {
    double sum = 0.0;
    for (int k = 0; k < n; ++k) sum += (double)a[row * n + k] * (double)b[k * cols + col];
    c[row * cols + col] = (float)sum;
  }
}
