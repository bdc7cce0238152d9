// The row picks from b and the column from a: a transposed outer sum.
__global__ void outer_sum(const float* a, const float* b, float* out, int rows, int cols) {
  const int col = threadIdx.x;
  const int row = threadIdx.y;
  if (row < rows && col < cols) out[row * cols + col] = a[col] + b[row];
}
