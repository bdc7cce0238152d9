// The inner product of a tile row and a tile column in a __device__ helper taking the tiles.
__device__ float tile_dot(const float (*ta)[16], const float (*tb)[16], int ty, int tx) {
  float s = 0.f;
  for (int k = 0; k < 16; ++k) s += ta[ty][k] * tb[k][tx];
  return s;
}

__global__ void mat_mul_tiled(const float* a, const float* b, float* c, int n) {
  __shared__ float tile_a[16][16];
  __shared__ float tile_b[16][16];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * 16 + ty;
  const int col = blockIdx.x * 16 + tx;
  float sum = 0.f;
  for (int step = 0; step * 16 < n; ++step) {
    const int a_col = step * 16 + tx, b_row = step * 16 + ty;
    tile_a[ty][tx] = (row < n && a_col < n) ? a[row * n + a_col] : 0.f;
    tile_b[ty][tx] = (b_row < n && col < n) ? b[b_row * n + col] : 0.f;
    __syncthreads();
    sum += tile_dot(tile_a, tile_b, ty, tx);
    __syncthreads();
  }
  if (row < n && col < n) c[row * n + col] = sum;
}
