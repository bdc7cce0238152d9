// Reads a row by row but writes out as if it were stored column by column (col * rows + row):
// every element lands in the wrong place.
__global__ void twice_plus_one(const float* a, float* out, int rows, int cols) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < rows && col < cols) out[col * rows + row] = 2.f * a[row * cols + col] + 1.f;
}
