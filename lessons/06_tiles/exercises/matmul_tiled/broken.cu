// Two broken copies of this exercise's kernel (solution.cu), each with one mistake students make.
// Chapter 6's last step runs them under compute-sanitizer on a GPU and under CUDA Lab's own checks
// on the CPU emulator. Blocks of 16 × 16 threads, ceil(n / 16) × ceil(n / 16) blocks.

// The barrier after the copies is missing: a thread may multiply with tile elements that threads
// of other warps have not copied yet.
__global__ void mat_mul_tiled_no_barrier(const float* a, const float* b, float* c, int n) {
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
    // (the __syncthreads() that belongs here is missing)
    for (int k = 0; k < 16; ++k) sum += tile_a[ty][k] * tile_b[k][tx];
    __syncthreads();
  }
  if (row < n && col < n) c[row * n + col] = sum;
}

// The copies have no guard: at the ragged edge of the matrix they read past the end of A and B.
__global__ void mat_mul_tiled_no_guard(const float* a, const float* b, float* c, int n) {
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
