__global__ void outer_sum(const float* a, const float* b, float* out, int rows, int cols) {
  int col = threadIdx.x;
  int row = threadIdx.y;
  if (row < rows && col < cols) {
    out[row * cols + col] = a[row] + b[col];
}
