__global__ void invert(const float* a, float* out, int rows, int cols) {
  const int col = threadIdx.x + blockIdx.x * blockDim.x;
  const int row = threadIdx.y + blockIdx.y * blockDim.y
  if (row < rows && col < cols) out[row * cols + col] = 1.f - a[row * cols + col];
}
