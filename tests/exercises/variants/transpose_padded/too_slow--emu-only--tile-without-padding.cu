// Correct, but the tile has no padding column: tile[tx][ty + k] is word 32 * tx + ty + k, so the 32
// lanes of a warp reading a column ask one bank for 32 different words, a 32-way conflict.
__global__ void transpose(const float* in, float* out, int rows, int cols) {
  __shared__ float tile[32][32];
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
