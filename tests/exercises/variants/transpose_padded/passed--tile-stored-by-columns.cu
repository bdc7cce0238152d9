// Correct and conflict-free the other way round: the tile is stored transposed (tile[tx][ty + k],
// a column, bank (tx + ty + k) % 32 thanks to the padding) and read back along its rows.
__global__ void transpose(const float* in, float* out, int rows, int cols) {
  __shared__ float tile[32][33];
  const int tx = threadIdx.x, ty = threadIdx.y;
  int c = blockIdx.x * 32 + tx;
  int r = blockIdx.y * 32 + ty;
  for (int k = 0; k < 32; k += 8)
    if (r + k < rows && c < cols) tile[tx][ty + k] = in[(r + k) * cols + c];
  __syncthreads();
  c = blockIdx.y * 32 + tx;
  r = blockIdx.x * 32 + ty;
  for (int k = 0; k < 32; k += 8)
    if (r + k < cols && c < rows) out[(r + k) * rows + c] = tile[ty + k][tx];
}
