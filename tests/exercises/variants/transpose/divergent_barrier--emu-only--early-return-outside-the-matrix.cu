// Threads outside in return before the barrier: in a ragged tile some threads of the block never
// reach __syncthreads(). (And a thread outside in may still have an element of out to write.)
__global__ void transpose(const float* in, float* out, int rows, int cols) {
  __shared__ float tile[32][32 + 1];
  const int tx = threadIdx.x, ty = threadIdx.y;
  int c = blockIdx.x * 32 + tx;
  int r = blockIdx.y * 32 + ty;
  if (c >= cols || r >= rows) return;
  for (int k = 0; k < 32; k += 8)
    if (r + k < rows) tile[ty + k][tx] = in[(r + k) * cols + c];
  __syncthreads();
  c = blockIdx.y * 32 + tx;
  r = blockIdx.x * 32 + ty;
  for (int k = 0; k < 32; k += 8)
    if (r + k < cols && c < rows) out[(r + k) * rows + c] = tile[tx][ty + k];
}
