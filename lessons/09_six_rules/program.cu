// Chapter 9, "The six rules", as one plain CUDA program: each rule a before/after pair, timed
// (CUDA events for kernels, the host clock for the CPU loop and the copies) and checked against
// the CPU.
// Build and run:  nvcc program.cu -o rules && ./rules [rounds]
// (rounds: the length of each path of rule 6, 32 by default; it is read at run time on purpose.)
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <cuda_runtime.h>

// Every CUDA call returns a cudaError_t. CHECK says which call failed, on which line, and why.
#define CHECK(call)                                                                                   \
  do {                                                                                                \
    cudaError_t status_ = (call);                                                                     \
    if (status_ != cudaSuccess) {                                                                     \
      std::fprintf(stderr, "line %d: %s failed: %s\n", __LINE__, #call, cudaGetErrorString(status_)); \
      std::exit(1);                                                                                   \
    }                                                                                                 \
  } while (0)

// A launch returns no error code: a bad configuration fails silently unless you ask right after it.
#define CHECK_LAUNCH() CHECK(cudaGetLastError())

constexpr int kNoDevice = 77;  // the exit code when there is no device to run on
constexpr int kTile = 16;

__host__ __device__ inline float polynomial_at(float x) {
  float value = 1.0f;
  for (int k = 0; k < 32; ++k) value = value * (x * 0.03125f) + 1.0f;
  return value;
}
__global__ void polynomial_grid_stride(int n, const float* x, float* y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) y[i] = polynomial_at(x[i]);
}
__global__ void add_one_to_each(int n, float* data) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] += 1.0f;
}
__global__ void add_matrices_row_from_x(int n, const float* a, const float* b, float* c) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  int col = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < n && col < n) c[row * n + col] = a[row * n + col] + b[row * n + col];
}
__global__ void add_matrices_col_from_x(int n, const float* a, const float* b, float* c) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < n && col < n) c[row * n + col] = a[row * n + col] + b[row * n + col];
}
__global__ void matmul_global_reads(int n, const float* a, const float* b, float* c) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < n && col < n) {
    float sum = 0.0f;
    for (int k = 0; k < n; ++k) sum += a[row * n + k] * b[k * n + col];
    c[row * n + col] = sum;
  }
}
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
// Rule 6's two paths. Their length, `rounds`, reaches the kernel at run time: with a trip count
// known when compiling, nvcc may unroll both loops and replace the branch by select instructions
// (every lane computes both paths and keeps one), and then nothing diverges.
__host__ __device__ inline float path_a(float x, int rounds) {
  for (int r = 0; r < rounds; ++r) x = x * 0.999f + 0.002f;
  return x;
}
__host__ __device__ inline float path_b(float x, int rounds) {
  for (int r = 0; r < rounds; ++r) x = x * 1.001f - 0.001f;
  return x;
}
__global__ void branch_on_odd_thread(int n, const float* x, float* y, int rounds) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    if (threadIdx.x % 2 == 0) y[i] = path_a(x[i], rounds);
    else y[i] = path_b(x[i], rounds);
  }
}
__global__ void branch_on_odd_warp(int n, const float* x, float* y, int rounds) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    if ((threadIdx.x / warpSize) % 2 == 0) y[i] = path_a(x[i], rounds);
    else y[i] = path_b(x[i], rounds);
  }
}

// Milliseconds of `work` on the GPU, by CUDA events, after one untimed warm-up.
template <class Work>
float gpu_ms(Work work) {
  work();
  CHECK_LAUNCH();
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  CHECK(cudaEventRecord(start));
  work();
  CHECK_LAUNCH();
  CHECK(cudaEventRecord(stop));
  CHECK(cudaEventSynchronize(stop));
  float ms = 0;
  CHECK(cudaEventElapsedTime(&ms, start, stop));
  CHECK(cudaEventDestroy(start));
  CHECK(cudaEventDestroy(stop));
  return ms;
}
// Milliseconds of `work` on the host clock (it must wait for the GPU itself).
template <class Work>
double cpu_ms(Work work) {
  work();
  auto start = std::chrono::steady_clock::now();
  work();
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

int wrong = 0;
void expect_near(const std::vector<float>& got, const std::vector<float>& want, const char* what) {
  for (size_t i = 0; i < got.size(); ++i)
    if (std::fabs(got[i] - want[i]) > 1e-3f * std::fabs(want[i])) {
      std::printf("%s: element %zu is %g, expected %g\n", what, i, got[i], want[i]);
      ++wrong;
      return;
    }
}

int main(int argc, char** argv) {
  const int rounds = argc > 1 ? std::atoi(argv[1]) : 32;  // rule 6's path length, known only at run time
  if (rounds < 1 || rounds > 1 << 20) {
    std::printf("usage: %s [rounds], rounds from 1 to %d\n", argv[0], 1 << 20);
    return 2;
  }
  int device_count = 0;
  cudaError_t found = cudaGetDeviceCount(&device_count);
  if (found != cudaSuccess || device_count == 0) {
    std::printf("no CUDA device: %s\n", found != cudaSuccess ? cudaGetErrorString(found) : "none found");
    return kNoDevice;
  }
  const int n = 1 << 22, m = 1024;  // elements; matrix edge
  const size_t bytes = n * sizeof(float);
  std::vector<float> x(n), y(n), reference(n);
  for (int i = 0; i < n; ++i) x[i] = 1.0f + (i % 997) / 997.0f;
  float *dx, *dy, *da, *db, *dc;
  CHECK(cudaMalloc(&dx, bytes));
  CHECK(cudaMalloc(&dy, bytes));
  CHECK(cudaMalloc(&da, m * m * sizeof(float)));
  CHECK(cudaMalloc(&db, m * m * sizeof(float)));
  CHECK(cudaMalloc(&dc, m * m * sizeof(float)));
  CHECK(cudaMemcpy(dx, x.data(), bytes, cudaMemcpyHostToDevice));
  const int blocks = (n + 255) / 256;

  // 1. Parallelize: a loop on one CPU core (CPU time) vs a kernel (GPU time, copies not counted).
  const double loop = cpu_ms([&] { for (int i = 0; i < n; ++i) reference[i] = polynomial_at(x[i]); });
  const float kernel = gpu_ms([&] { polynomial_grid_stride<<<blocks, 256>>>(n, dx, dy); });
  CHECK(cudaMemcpy(y.data(), dy, bytes, cudaMemcpyDeviceToHost));
  expect_near(y, reference, "rule 1");
  std::printf("1. parallelize:        CPU loop %.3f ms (CPU time), kernel %.3f ms (GPU time)\n", loop, kernel);

  // 2. Minimize transfers: 16 round trips vs data kept on the device (both CPU time, end to end).
  const int operations = 16;
  const double trips = cpu_ms([&] {
    y = x;
    for (int k = 0; k < operations; ++k) {
      CHECK(cudaMemcpy(dy, y.data(), bytes, cudaMemcpyHostToDevice));
      add_one_to_each<<<blocks, 256>>>(n, dy);
      CHECK_LAUNCH();
      CHECK(cudaMemcpy(y.data(), dy, bytes, cudaMemcpyDeviceToHost));
    }
  });
  const double kept = cpu_ms([&] {
    CHECK(cudaMemcpy(dy, x.data(), bytes, cudaMemcpyHostToDevice));
    for (int k = 0; k < operations; ++k) add_one_to_each<<<blocks, 256>>>(n, dy);
    CHECK_LAUNCH();
    CHECK(cudaMemcpy(y.data(), dy, bytes, cudaMemcpyDeviceToHost));
  });
  for (int i = 0; i < n; ++i) reference[i] = x[i] + operations;
  expect_near(y, reference, "rule 2");
  std::printf("2. minimize transfers: round trips %.3f ms, kept on device %.3f ms (CPU time): %.1fx\n", trips, kept, trips / kept);

  // 3. Launch configuration: one block vs one thread per element (GPU time).
  const float one_block = gpu_ms([&] { polynomial_grid_stride<<<1, 256>>>(n, dx, dy); });
  const float many = gpu_ms([&] { polynomial_grid_stride<<<blocks, 256>>>(n, dx, dy); });
  std::printf("3. launch config:      <<<1, 256>>> %.3f ms, <<<%d, 256>>> %.3f ms (GPU time): %.1fx\n", one_block, blocks,
              many, one_block / many);

  // 4. Coalescing: row from x vs column from x (GPU time).
  std::vector<float> a(m * m), b(m * m), c(m * m), sum(m * m);
  for (int i = 0; i < m * m; ++i) a[i] = 1.0f + (i % 101) / 101.0f, b[i] = 1.0f + (i % 89) / 89.0f, sum[i] = a[i] + b[i];
  CHECK(cudaMemcpy(da, a.data(), m * m * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(db, b.data(), m * m * sizeof(float), cudaMemcpyHostToDevice));
  const dim3 block(32, 8), grid((m + 31) / 32, (m + 7) / 8);
  const float strided = gpu_ms([&] { add_matrices_row_from_x<<<grid, block>>>(m, da, db, dc); });
  const float coalesced = gpu_ms([&] { add_matrices_col_from_x<<<grid, block>>>(m, da, db, dc); });
  CHECK(cudaMemcpy(c.data(), dc, m * m * sizeof(float), cudaMemcpyDeviceToHost));
  expect_near(c, sum, "rule 4");
  std::printf("4. coalescing:         row from x %.3f ms, column from x %.3f ms (GPU time): %.1fx\n", strided, coalesced,
              strided / coalesced);

  // 5. Redundant global reads: every read from global memory vs 16 x 16 shared tiles (GPU time).
  const dim3 tile(kTile, kTile), tiles((m + kTile - 1) / kTile, (m + kTile - 1) / kTile);
  const float global_reads = gpu_ms([&] { matmul_global_reads<<<tiles, tile>>>(m, da, db, dc); });
  const float shared_tiles = gpu_ms([&] { matmul_shared_tiles<<<tiles, tile>>>(m, da, db, dc); });
  CHECK(cudaMemcpy(c.data(), dc, m * m * sizeof(float), cudaMemcpyDeviceToHost));
  std::vector<float> product(m * m);
  for (int row = 0; row < m; row += 97)  // a sample of rows: the whole product takes seconds on the CPU
    for (int col = 0; col < m; ++col) {
      double s = 0;
      for (int k = 0; k < m; ++k) s += double(a[row * m + k]) * b[k * m + col];
      if (std::fabs(c[row * m + col] - s) > 1e-3 * s) ++wrong;
    }
  std::printf("5. shared-memory reuse: global reads %.3f ms, shared tiles %.3f ms (GPU time): %.1fx\n", global_reads,
              shared_tiles, global_reads / shared_tiles);

  // 6. Divergence: a branch on threadIdx.x % 2 vs on the warp number, each path `rounds` long (GPU time).
  const float divergent = gpu_ms([&] { branch_on_odd_thread<<<blocks, 256>>>(n, dx, dy, rounds); });
  CHECK(cudaMemcpy(y.data(), dy, bytes, cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) reference[i] = (i % 256) % 2 == 0 ? path_a(x[i], rounds) : path_b(x[i], rounds);
  expect_near(y, reference, "rule 6, per thread");
  const float uniform = gpu_ms([&] { branch_on_odd_warp<<<blocks, 256>>>(n, dx, dy, rounds); });
  CHECK(cudaMemcpy(y.data(), dy, bytes, cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) reference[i] = ((i % 256) / 32) % 2 == 0 ? path_a(x[i], rounds) : path_b(x[i], rounds);
  expect_near(y, reference, "rule 6, per warp");
  std::printf("6. divergence:         per thread %.3f ms, per warp %.3f ms, %d rounds per path (GPU time): %.2fx\n",
              divergent, uniform, rounds, divergent / uniform);

  for (float* p : {dx, dy, da, db, dc}) CHECK(cudaFree(p));
  std::printf("%s\n", wrong == 0 ? "OK" : "MISMATCH");
  return wrong == 0 ? 0 : 1;
}
