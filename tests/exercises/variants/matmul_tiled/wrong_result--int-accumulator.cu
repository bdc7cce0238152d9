// The tiled product with its sum kept in an int.
// Blocks of 16 × 16 threads, ceil(n / 16) × ceil(n / 16) blocks; x is the column, y the row.
__global__ void mat_mul_tiled(const float* a, const float* b, float* c, int n) {
  __shared__ float tile_a[16][16];
  __shared__ float tile_b[16][16];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * 16 + ty;
  const int col = blockIdx.x * 16 + tx;

  int sum = 0;  // an int: the halves and quarters of the products are dropped
  for (int step = 0; step * 16 < n; ++step) {
    const int a_col = step * 16 + tx;  // this thread copies A(row, a_col)
    const int b_row = step * 16 + ty;  // and B(b_row, col)
    tile_a[ty][tx] = (row < n && a_col < n) ? a[row * n + a_col] : 0.f;
    tile_b[ty][tx] = (b_row < n && col < n) ? b[b_row * n + col] : 0.f;
    __syncthreads();  // both tiles are complete

    for (int k = 0; k < 16; ++k) sum += tile_a[ty][k] * tile_b[k][tx];
    __syncthreads();  // nobody reads the tiles any more: the next step may overwrite them
  }

  if (row < n && col < n) c[row * n + col] = sum;
}
