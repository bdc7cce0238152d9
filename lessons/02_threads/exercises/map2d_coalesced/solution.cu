// out = 2a + 1 for a rows × cols matrix stored row by row. Blocks of 32 × 8 threads; the grid
// covers max(rows, cols) on both axes, so some threads are outside the matrix.
__global__ void twice_plus_one(const float* a, float* out, int rows, int cols) {
  // x is the column: the 32 threads of a warp (neighbouring threadIdx.x, one threadIdx.y) take 32
  // neighbouring columns of one row, 128 bytes of a and of out, four 32-byte sectors each.
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < rows && col < cols) out[row * cols + col] = 2.f * a[row * cols + col] + 1.f;
}
