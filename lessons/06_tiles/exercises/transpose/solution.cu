// out = in^T: in has rows × cols elements, row by row; out has cols × rows, and
// out[c * rows + r] = in[r * cols + c]. Blocks of 32 × 8 threads, one block per 32 × 32 tile:
// ceil(cols / 32) × ceil(rows / 32) blocks. Each thread moves 4 elements.
__global__ void transpose(const float* in, float* out, int rows, int cols) {
  __shared__ float tile[32][32 + 1];  // + 1: a column of the tile spreads over all 32 banks
  const int tx = threadIdx.x, ty = threadIdx.y;

  // Read: a warp reads 32 neighbouring elements of a row of in (coalesced).
  int c = blockIdx.x * 32 + tx;
  int r = blockIdx.y * 32 + ty;
  for (int k = 0; k < 32; k += 8)
    if (r + k < rows && c < cols) tile[ty + k][tx] = in[(r + k) * cols + c];
  __syncthreads();  // the whole tile is in before anyone reads a column of it

  // Write: the block's tile goes to the mirrored place; a warp writes 32 neighbouring elements of
  // a row of out, taken from a column of the tile.
  c = blockIdx.y * 32 + tx;  // a column of out is a row of in
  r = blockIdx.x * 32 + ty;  // a row of out is a column of in
  for (int k = 0; k < 32; k += 8)
    if (r + k < cols && c < rows) out[(r + k) * rows + c] = tile[tx][ty + k];
}
