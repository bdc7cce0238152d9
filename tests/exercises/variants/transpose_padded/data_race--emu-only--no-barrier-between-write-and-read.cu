// No __syncthreads() between filling the tile and reading its columns: a thread reads elements of
// tile that other warps of the block may not have written yet.
__global__ void transpose(const float* in, float* out, int rows, int cols) {
  __shared__ float tile[32][33];
  const int tx = threadIdx.x, ty = threadIdx.y;
  int c = blockIdx.x * 32 + tx;
  int r = blockIdx.y * 32 + ty;
  for (int k = 0; k < 32; k += 8)
    if (r + k < rows && c < cols) tile[ty + k][tx] = in[(r + k) * cols + c];
  c = blockIdx.y * 32 + tx;
  r = blockIdx.x * 32 + ty;
  for (int k = 0; k < 32; k += 8)
    if (r + k < cols && c < rows) out[(r + k) * rows + c] = tile[tx][ty + k];
}
