// Correct, but only the first warp (ty == 0) fills the tile, 32 reads of in per thread, while the
// other 7 warps wait: the block's 256 threads should share the 1024 loads, 4 each.
__global__ void transpose(const float* in, float* out, int rows, int cols) {
  __shared__ float tile[32][32 + 1];
  const int tx = threadIdx.x, ty = threadIdx.y;
  int c = blockIdx.x * 32 + tx;
  const int r0 = blockIdx.y * 32;
  if (ty == 0)
    for (int k = 0; k < 32; ++k)
      if (r0 + k < rows && c < cols) tile[k][tx] = in[(r0 + k) * cols + c];
  __syncthreads();
  c = blockIdx.y * 32 + tx;
  const int r = blockIdx.x * 32 + ty;
  for (int k = 0; k < 32; k += 8)
    if (r + k < cols && c < rows) out[(r + k) * rows + c] = tile[tx][ty + k];
}
