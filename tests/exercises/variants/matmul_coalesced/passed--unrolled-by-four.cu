// The k loop unrolled by hand, four at a time, with a tail for what is left.
__global__ void mat_mul(const float* a, const float* b, float* c, int rows, int cols, int n) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < rows && col < cols) {
    float sum = 0.f;
    int k = 0;
    for (; k + 3 < n; k += 4) {
      sum += a[row * n + k] * b[k * cols + col];
      sum += a[row * n + k + 1] * b[(k + 1) * cols + col];
      sum += a[row * n + k + 2] * b[(k + 2) * cols + col];
      sum += a[row * n + k + 3] * b[(k + 3) * cols + col];
    }
    for (; k < n; ++k) sum += a[row * n + k] * b[k * cols + col];
    c[row * cols + col] = sum;
  }
}
