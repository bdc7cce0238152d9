// Correct, and padded, but by two columns: tile[tx][j] is word 34 * tx + j, in bank (2 * tx + j) % 32,
// so lanes tx and tx + 16 share a bank: every column read is still a 2-way conflict.
__global__ void transpose(const float* in, float* out, int rows, int cols) {
  __shared__ float tile[32][34];
  const int tx = threadIdx.x, ty = threadIdx.y;
  int c = blockIdx.x * 32 + tx;
  int r = blockIdx.y * 32 + ty;
  for (int k = 0; k < 32; k += 8)
    if (r + k < rows && c < cols) tile[ty + k][tx] = in[(r + k) * cols + c];
  __syncthreads();
  c = blockIdx.y * 32 + tx;
  r = blockIdx.x * 32 + ty;
  for (int k = 0; k < 32; k += 8)
    if (r + k < cols && c < rows) out[(r + k) * rows + c] = tile[tx][ty + k];
}
