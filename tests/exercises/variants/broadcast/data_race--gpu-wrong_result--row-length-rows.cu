// A row of out taken as rows elements long: right only when the matrix is square; otherwise
// rows overlap (two threads write one element) and the end of out is never written.
__global__ void outer_sum(const float* a, const float* b, float* out, int rows, int cols) {
  int col = threadIdx.x;
  int row = threadIdx.y;
  if (row < rows && col < cols) out[row * rows + col] = a[row] + b[col];
}
