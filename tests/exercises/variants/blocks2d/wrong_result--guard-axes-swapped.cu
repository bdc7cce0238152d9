// Compares the row with cols and the column with rows: in a 48 × 64 image the columns from 48 on
// are never written.
__global__ void invert(const float* a, float* out, int rows, int cols) {
  const int col = threadIdx.x + blockIdx.x * blockDim.x;
  const int row = threadIdx.y + blockIdx.y * blockDim.y;
  if (row < cols && col < rows) out[row * cols + col] = 1.f - a[row * cols + col];
}
