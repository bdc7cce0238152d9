// out = in^T: in has rows × cols elements, row by row; out has cols × rows, and
// out[c * rows + r] = in[r * cols + c]. Blocks of 32 × 8 threads, one block per 32 × 32 tile:
// ceil(cols / 32) × ceil(rows / 32) blocks. Each thread moves 4 elements.
__global__ void transpose(const float* in, float* out, int rows, int cols) {
  // TODO: in which bank is tile[i][j]? Choose the tile's row length so that a warp reading one
  // column of it asks every bank once.
  __shared__ float tile[32][32];
  // TODO: copy the block's 32 × 32 tile of in into tile, 4 rows per thread, neighbouring threads
  // on neighbouring elements of a row of in; a barrier; then write the mirrored tile of out, again
  // row by row, each row of out taken from a column of tile. Guard every access: rows and cols
  // need not be multiples of 32.
}
