// Past the edge the tile slot is simply not written: it keeps the previous step's value, which
// is then multiplied in.
__global__ void mat_mul_tiled(const float* a, const float* b, float* c, int n) {
  __shared__ float tile_a[16][16];
  __shared__ float tile_b[16][16];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * 16 + ty;
  const int col = blockIdx.x * 16 + tx;
  float sum = 0.f;
  for (int step = 0; step * 16 < n; ++step) {
    const int a_col = step * 16 + tx, b_row = step * 16 + ty;
    if (row < n && a_col < n) tile_a[ty][tx] = a[row * n + a_col];
    if (b_row < n && col < n) tile_b[ty][tx] = b[b_row * n + col];
    __syncthreads();
    for (int k = 0; k < 16; ++k) sum += tile_a[ty][k] * tile_b[k][tx];
    __syncthreads();
  }
  if (row < n && col < n) c[row * n + col] = sum;
}
