// C = A × B for n × n matrices stored row by row, with 16 × 16 tiles in shared memory.
// Blocks of 16 × 16 threads, ceil(n / 16) × ceil(n / 16) blocks; x is the column, y the row.
__global__ void mat_mul_tiled(const float* a, const float* b, float* c, int n) {
  __shared__ float tile_a[16][16];
  __shared__ float tile_b[16][16];
  // TODO: for each step along k, copy one element of A and one of B into the tiles (0 past the
  // edge), wait, add this thread's 16 products from the tiles, wait again. Then write C.
}
