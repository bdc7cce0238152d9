#define TILE 16

// The launch uses 16 x 16 blocks; written with a macro instead of blockDim.
__global__ void invert(const float* a, float* out, int rows, int cols) {
  const int col = blockIdx.x * TILE + threadIdx.x;
  const int row = blockIdx.y * TILE + threadIdx.y;
  if (row < rows && col < cols) out[row * cols + col] = 1.f - a[row * cols + col];
}
