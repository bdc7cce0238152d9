__global__ void outer_sum(const float* a, const float* b, float* out, int rows, int cols) {
  const int col = threadIdx.x;  // x counts columns
  const int row = threadIdx.y;  // y counts rows
  if (row >= rows) return;
  if (col >= cols) return;
  const float row_value = a[row];
  const float col_value = b[col];
  out[row * cols + col] = row_value + col_value;
}
