#define TILE 16

__global__ void mat_mul_tiled(const float* a, const float* b, float* c, int n) {
  __shared__ float tile_a[TILE][TILE];
  __shared__ float tile_b[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty;
  int col = blockIdx.x * TILE + tx;
  int steps = (n + TILE - 1) / TILE;

  float sum = 0;
  for (int s = 0; s < steps; s++) {
    int ka = s * TILE + tx;
    int kb = s * TILE + ty;
    if (row < n && ka < n) tile_a[ty][tx] = a[row * n + ka];
    else tile_a[ty][tx] = 0;
    if (kb < n && col < n) tile_b[ty][tx] = b[kb * n + col];
    else tile_b[ty][tx] = 0;
    __syncthreads();
    for (int k = 0; k < TILE; k++) sum += tile_a[ty][k] * tile_b[k][tx];
    __syncthreads();
  }
  if (row < n && col < n) c[row * n + col] = sum;
}
