// out[row][col] = a[row] + b[col] for a rows × cols matrix stored row by row.
// One block of 32 × 32 threads; rows and cols are at most 32.
__global__ void outer_sum(const float* a, const float* b, float* out, int rows, int cols) {
  const int col = threadIdx.x;
  const int row = threadIdx.y;
  if (row < rows && col < cols) out[row * cols + col] = a[row] + b[col];
}
