// Chapter 9: the six rules, each as a pair of kernels (or a kernel and its use) that compute the
// same thing, one slower and one following the rule.

// Rules 1 and 3: a polynomial of degree 32 at each element (Horner's scheme): enough arithmetic
// per element that a GPU's thousands of threads pay off.
constexpr int kDegree = 32;
__host__ __device__ inline float polynomial_at(float x) {
  float value = 1.0f;
  for (int k = 0; k < kDegree; ++k) value = value * (x * 0.03125f) + 1.0f;
  return value;
}

// Rule 1: one thread per element.
__global__ void polynomial(int n, const float* x, float* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = polynomial_at(x[i]);
}

// Rule 3: the same with a grid-stride loop, so any launch configuration covers n.
__global__ void polynomial_grid_stride(int n, const float* x, float* y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) y[i] = polynomial_at(x[i]);
}

// Rule 2: one small operation; the host calls it many times.
__global__ void add_one_to_each(int n, float* data) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] += 1.0f;
}

// Rule 4: C = A + B for n × n matrices stored row by row. Row from x: the 32 threads of a warp
// touch elements n floats apart.
__global__ void add_matrices_row_from_x(int n, const float* a, const float* b, float* c) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  int col = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < n && col < n) c[row * n + col] = a[row * n + col] + b[row * n + col];
}

// Column from x: the threads of a warp touch neighbouring floats (coalesced).
__global__ void add_matrices_col_from_x(int n, const float* a, const float* b, float* c) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < n && col < n) c[row * n + col] = a[row * n + col] + b[row * n + col];
}

// Rule 5: C = A × B. Every thread reads a whole row of A and column of B from global memory:
// each element is read n times.
__global__ void matmul_global_reads(int n, const float* a, const float* b, float* c) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < n && col < n) {
    float sum = 0.0f;
    for (int k = 0; k < n; ++k) sum += a[row * n + k] * b[k * n + col];
    c[row * n + col] = sum;
  }
}

// The same with 16 × 16 tiles in shared memory: each element is read from global memory n / 16 times.
constexpr int kTile = 16;
__global__ void matmul_shared_tiles(int n, const float* a, const float* b, float* c) {
  __shared__ float tile_a[kTile][kTile];
  __shared__ float tile_b[kTile][kTile];
  int col = blockIdx.x * kTile + threadIdx.x;
  int row = blockIdx.y * kTile + threadIdx.y;
  float sum = 0.0f;
  for (int step = 0; step < (n + kTile - 1) / kTile; ++step) {
    int a_col = step * kTile + threadIdx.x, b_row = step * kTile + threadIdx.y;
    tile_a[threadIdx.y][threadIdx.x] = (row < n && a_col < n) ? a[row * n + a_col] : 0.0f;
    tile_b[threadIdx.y][threadIdx.x] = (b_row < n && col < n) ? b[b_row * n + col] : 0.0f;
    __syncthreads();  // both tiles complete before anyone reads them
    for (int k = 0; k < kTile; ++k) sum += tile_a[threadIdx.y][k] * tile_b[k][threadIdx.x];
    __syncthreads();  // everyone done before the next step overwrites them
  }
  if (row < n && col < n) c[row * n + col] = sum;
}

// Rule 6: two kinds of work, chosen per thread. The path each element takes is the same in both
// kernels' CPU references: what differs is whether the 32 threads of a warp agree.
__host__ __device__ inline float path_a(float x, int rounds) {
  for (int r = 0; r < rounds; ++r) x = x * 0.999f + 0.002f;
  return x;
}
__host__ __device__ inline float path_b(float x, int rounds) {
  for (int r = 0; r < rounds; ++r) x = x * 1.001f - 0.001f;
  return x;
}

// Odd and even threads take different paths: every warp holds both, so it runs both, one after the other.
__global__ void branch_on_odd_thread(int n, const float* x, float* y, int rounds) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    if (threadIdx.x % 2 == 0) y[i] = path_a(x[i], rounds);
    else y[i] = path_b(x[i], rounds);
  }
}

// Odd and even warps take different paths: all 32 threads of a warp agree, so each warp runs one path.
__global__ void branch_on_odd_warp(int n, const float* x, float* y, int rounds) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    if ((threadIdx.x / warpSize) % 2 == 0) y[i] = path_a(x[i], rounds);
    else y[i] = path_b(x[i], rounds);
  }
}
