// out = 1 - a for a rows × cols image stored row by row.
// Blocks of 16 × 16 threads, a grid of ceil(cols / 16) × ceil(rows / 16) blocks.
__global__ void invert(const float* a, float* out, int rows, int cols) {
  const int col = threadIdx.x + blockIdx.x * blockDim.x;
  const int row = threadIdx.y + blockIdx.y * blockDim.y;
  if (row < rows && col < cols) out[row * cols + col] = 1.f - a[row * cols + col];
}
