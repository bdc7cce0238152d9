// Each tile is transposed, but written back to its own block's place (blockIdx.x still picks the
// column): the tiles themselves must be mirrored too.
__global__ void transpose(const float* in, float* out, int rows, int cols) {
  __shared__ float tile[32][32 + 1];
  const int tx = threadIdx.x, ty = threadIdx.y;
  int c = blockIdx.x * 32 + tx;
  int r = blockIdx.y * 32 + ty;
  for (int k = 0; k < 32; k += 8)
    if (r + k < rows && c < cols) tile[ty + k][tx] = in[(r + k) * cols + c];
  __syncthreads();
  c = blockIdx.x * 32 + tx;
  r = blockIdx.y * 32 + ty;
  for (int k = 0; k < 32; k += 8)
    if (r + k < cols && c < rows) out[(r + k) * rows + c] = tile[tx][ty + k];
}
