__global__ void invert(const float* a, float* out, int rows, int cols) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;  // column
  int y = blockIdx.y * blockDim.y + threadIdx.y;  // row
  if (x >= cols || y >= rows) return;
  int p = y * cols + x;
  out[p] = 1.0f - a[p];
}
