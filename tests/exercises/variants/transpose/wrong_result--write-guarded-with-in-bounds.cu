// The write is guarded with in's bounds (r + k < rows, c < cols) instead of out's: rows of out past
// row `rows` are never written (and on other shapes the writes run past the end of out).
__global__ void transpose(const float* in, float* out, int rows, int cols) {
  __shared__ float tile[32][32 + 1];
  const int tx = threadIdx.x, ty = threadIdx.y;
  int c = blockIdx.x * 32 + tx;
  int r = blockIdx.y * 32 + ty;
  for (int k = 0; k < 32; k += 8)
    if (r + k < rows && c < cols) tile[ty + k][tx] = in[(r + k) * cols + c];
  __syncthreads();
  c = blockIdx.y * 32 + tx;
  r = blockIdx.x * 32 + ty;
  for (int k = 0; k < 32; k += 8)
    if (r + k < rows && c < cols) out[(r + k) * rows + c] = tile[tx][ty + k];
}
