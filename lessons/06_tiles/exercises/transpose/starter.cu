// out = in^T: in has rows × cols elements, row by row; out has cols × rows, and
// out[c * rows + r] = in[r * cols + c]. Blocks of 32 × 8 threads, one block per 32 × 32 tile:
// ceil(cols / 32) × ceil(rows / 32) blocks. Each thread moves 4 elements.
__global__ void transpose(const float* in, float* out, int rows, int cols) {
  __shared__ float tile[32][32 + 1];
  // TODO: copy the block's 32 × 32 tile of in into tile, 4 rows per thread, rows of in along x;
  // a barrier; then write the tile, read along its columns, to the mirrored tile of out, again
  // 4 elements per thread with neighbouring threads on neighbouring elements of out. Guard every
  // access: rows and cols need not be multiples of 32.
}
