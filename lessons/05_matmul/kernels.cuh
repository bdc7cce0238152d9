// Chapter 5: matrix multiply, C = A × B, for n × n matrices of floats stored row by row
// (element (row, col) of A is A[row * n + col]). Three kernels that compute the same numbers.

// Naive, one thread per element of C, written as in the classic Numba tutorial
// (`i, j = cuda.grid(2)`): the row comes from the x index. Neighbouring threads of a warp (x, x+1)
// therefore work on different rows: their reads of A and their writes of C are n floats apart.
__global__ void matmul_naive(const float* a, const float* b, float* c, int n) {
  const int row = blockIdx.x * blockDim.x + threadIdx.x;
  const int col = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < n && col < n) {
    float sum = 0.0f;
    for (int k = 0; k < n; ++k) sum += a[row * n + k] * b[k * n + col];
    c[row * n + col] = sum;
  }
}

// The same arithmetic with the column from the x index: neighbouring threads read neighbouring
// elements of B and write neighbouring elements of C (coalesced), and all read the same A element.
__global__ void matmul_coalesced(const float* a, const float* b, float* c, int n) {
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < n && col < n) {
    float sum = 0.0f;
    for (int k = 0; k < n; ++k) sum += a[row * n + k] * b[k * n + col];
    c[row * n + col] = sum;
  }
}

// Tiled: each 16 × 16 block computes a 16 × 16 tile of C. Step by step along k it copies one tile
// of A and one of B into shared memory (each thread copies one element of each), waits until the
// whole block has copied, multiplies the tiles from shared memory, and waits again before the next
// copy overwrites them. Each element of A and B is read from global memory n / 16 times instead
// of n times. Launch with 16 × 16 threads per block; n need not be a multiple of 16 (the guards
// pad the edge tiles with zeros).
constexpr int TILE = 16;

__global__ void matmul_shared(const float* a, const float* b, float* c, int n) {
  __shared__ float tile_a[TILE][TILE];
  __shared__ float tile_b[TILE][TILE];
  const int tx = threadIdx.x;
  const int ty = threadIdx.y;
  const int row = blockIdx.y * TILE + ty;
  const int col = blockIdx.x * TILE + tx;

  float sum = 0.0f;
  for (int step = 0; step < (n + TILE - 1) / TILE; ++step) {
    const int a_col = step * TILE + tx;
    const int b_row = step * TILE + ty;
    tile_a[ty][tx] = (row < n && a_col < n) ? a[row * n + a_col] : 0.0f;
    tile_b[ty][tx] = (b_row < n && col < n) ? b[b_row * n + col] : 0.0f;
    __syncthreads();  // the tiles are complete

    for (int k = 0; k < TILE; ++k) sum += tile_a[ty][k] * tile_b[k][tx];
    __syncthreads();  // everyone is done with the tiles before they are overwritten
  }
  if (row < n && col < n) c[row * n + col] = sum;
}
