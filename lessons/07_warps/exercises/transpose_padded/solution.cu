// out = in^T: in has rows × cols elements, row by row; out has cols × rows, and
// out[c * rows + r] = in[r * cols + c]. Blocks of 32 × 8 threads, one block per 32 × 32 tile:
// ceil(cols / 32) × ceil(rows / 32) blocks. Each thread moves 4 elements.
__global__ void transpose(const float* in, float* out, int rows, int cols) {
  // 33 words a row: tile[i][j] is word 33 * i + j, in bank (i + j) % 32. A row (fixed i) and a
  // column (fixed j) of the tile both cover the 32 banks once.
  __shared__ float tile[32][33];
  const int tx = threadIdx.x, ty = threadIdx.y;

  // Read: a warp (fixed ty) reads 32 neighbouring floats of a row of in, and writes them along a
  // row of the tile.
  int c = blockIdx.x * 32 + tx;
  int r = blockIdx.y * 32 + ty;
  for (int k = 0; k < 32; k += 8)
    if (r + k < rows && c < cols) tile[ty + k][tx] = in[(r + k) * cols + c];
  __syncthreads();  // the whole tile is in before anyone reads a column of it

  // Write: a warp writes 32 neighbouring floats of a row of out, taken from a column of the tile:
  // lane tx reads tile[tx][ty + k], bank (tx + ty + k) % 32, a different bank for every lane.
  c = blockIdx.y * 32 + tx;  // a column of out is a row of in
  r = blockIdx.x * 32 + ty;  // a row of out is a column of in
  for (int k = 0; k < 32; k += 8)
    if (r + k < cols && c < rows) out[(r + k) * rows + c] = tile[tx][ty + k];
}
