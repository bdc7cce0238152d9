// Walks a pointer along the row of A and another down the column of B.
__global__ void mat_mul(const float* a, const float* b, float* c, int rows, int cols, int n) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row >= rows || col >= cols) return;
  const float* pa = a + row * n;  // A(row, 0)
  const float* pb = b + col;      // B(0, col)
  float acc = 0.f;
  for (int k = 0; k < n; ++k, ++pa, pb += cols) acc += (*pa) * (*pb);
  c[row * cols + col] = acc;
}
