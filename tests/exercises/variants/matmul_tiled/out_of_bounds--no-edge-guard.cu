// The copies into the tiles have no guard: at the ragged edge they read past the end of A and B.
__global__ void mat_mul_tiled(const float* a, const float* b, float* c, int n) {
  __shared__ float tile_a[16][16];
  __shared__ float tile_b[16][16];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * 16 + ty;
  const int col = blockIdx.x * 16 + tx;
  float sum = 0.f;
  for (int step = 0; step * 16 < n; ++step) {
    tile_a[ty][tx] = a[row * n + step * 16 + tx];
    tile_b[ty][tx] = b[(step * 16 + ty) * n + col];
    __syncthreads();
    for (int k = 0; k < 16; ++k) sum += tile_a[ty][k] * tile_b[k][tx];
    __syncthreads();
  }
  if (row < n && col < n) c[row * n + col] = sum;
}
