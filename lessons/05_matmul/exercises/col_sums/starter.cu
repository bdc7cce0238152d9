// out[c] = a[0][c] + a[1][c] + … + a[rows-1][c] for a rows × cols matrix a (row-major).
// One thread per column, blocks of 128 threads: (cols + 127) / 128 blocks.
__global__ void col_sums(const float* a, float* out, int rows, int cols) {
  // TODO: pick this thread's column c so that the 32 threads of a warp take 32 neighbouring
  // columns; if c < cols, add a[r * cols + c] for r = 0 … rows - 1 in a local variable and write
  // out[c] once.
}
