// Chapter 6, "Shared-memory tiles", as one plain CUDA program: the race between host_naive (the
// naive kernel) and host_optimized (shared-memory tiles of 16 × 16), timed with CUDA events, on a
// size that is not a multiple of the tile, checked against a CPU triple loop.
// Build and run:  nvcc -O2 program.cu -o tiles && ./tiles
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

constexpr int kNoDevice = 77;  // the exit code when there is no device to run on
constexpr int TILE = 16;

// One thread per element of C, row from x, as in the Numba CUDA tutorial the course follows.
__global__ void mat_mul_naive_kernel(const float* a, const float* b, float* c, int n) {
  const int row = blockIdx.x * blockDim.x + threadIdx.x;
  const int col = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < n && col < n) {
    float sum = 0.0f;
    for (int k = 0; k < n; ++k) {
      sum += a[row * n + k] * b[k * n + col];
    }
    c[row * n + col] = sum;
  }
}

// Each block of TILE × TILE threads computes one tile of C, walking along k one tile at a time
// through shared memory. Slots past the edge of the matrix get zeros (which add nothing), and only
// threads inside the matrix write C, so n need not be a multiple of TILE.
template <int TILE>
__global__ void mat_mul_shared_kernel(const float* a, const float* b, float* c, int n) {
  __shared__ float tile_a[TILE][TILE];
  __shared__ float tile_b[TILE][TILE];
  const int tx = threadIdx.x;
  const int ty = threadIdx.y;
  const int row = blockIdx.y * TILE + ty;
  const int col = blockIdx.x * TILE + tx;

  float sum = 0.0f;
  for (int step = 0; step < (n + TILE - 1) / TILE; ++step) {
    const int a_col = step * TILE + tx;  // this thread copies A[row][a_col]
    const int b_row = step * TILE + ty;  // and B[b_row][col]
    tile_a[ty][tx] = (row < n && a_col < n) ? a[row * n + a_col] : 0.0f;
    tile_b[ty][tx] = (b_row < n && col < n) ? b[b_row * n + col] : 0.0f;
    __syncthreads();  // barrier 1: both tiles are complete before anyone reads them

    for (int k = 0; k < TILE; ++k) sum += tile_a[ty][k] * tile_b[k][tx];
    __syncthreads();  // barrier 2: everyone is done with the tiles before the next step overwrites them
  }
  if (row < n && col < n) {
    c[row * n + col] = sum;
  }
}

// Each contender launches its kernel on device arrays and returns the kernel's time in ms
// (GPU, CUDA events). The first launch also loads the kernel, so only the second is timed.
float host_naive(const float* a, const float* b, float* c, int n, cudaEvent_t start, cudaEvent_t end) {
  const dim3 block(16, 16), grid((n + 15) / 16, (n + 15) / 16);
  for (int launch = 0; launch < 2; ++launch) {
    CHECK(cudaEventRecord(start));
    mat_mul_naive_kernel<<<grid, block>>>(a, b, c, n);
    CHECK(cudaGetLastError());  // a bad launch otherwise fails silently
    CHECK(cudaEventRecord(end));
  }
  CHECK(cudaEventSynchronize(end));
  float ms = 0;
  CHECK(cudaEventElapsedTime(&ms, start, end));
  return ms;
}

float host_optimized(const float* a, const float* b, float* c, int n, cudaEvent_t start, cudaEvent_t end) {
  const dim3 block(TILE, TILE), grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);
  for (int launch = 0; launch < 2; ++launch) {
    CHECK(cudaEventRecord(start));
    mat_mul_shared_kernel<TILE><<<grid, block>>>(a, b, c, n);
    CHECK(cudaGetLastError());  // a bad launch otherwise fails silently
    CHECK(cudaEventRecord(end));
  }
  CHECK(cudaEventSynchronize(end));
  float ms = 0;
  CHECK(cudaEventElapsedTime(&ms, start, end));
  return ms;
}

int main() {
  int device_count = 0;
  cudaError_t found = cudaGetDeviceCount(&device_count);
  if (found != cudaSuccess || device_count == 0) {
    std::printf("no CUDA device: %s\n", found != cudaSuccess ? cudaGetErrorString(found) : "none found");
    return kNoDevice;
  }
  const int n = 500;  // 31.25 tiles of 16: the last row and column of tiles are ragged
  const size_t bytes = (size_t)n * n * sizeof(float);
  std::vector<float> a(n * n), b(n * n), c(n * n), expected(n * n);
  for (int i = 0; i < n * n; ++i) a[i] = (float)(i % 7) - 3.0f, b[i] = (float)(i % 5) * 0.5f;
  for (int row = 0; row < n; ++row)  // the CPU reference: the triple loop
    for (int col = 0; col < n; ++col) {
      float sum = 0.0f;
      for (int k = 0; k < n; ++k) sum += a[row * n + k] * b[k * n + col];
      expected[row * n + col] = sum;
    }

  float *device_a, *device_b, *device_c;
  CHECK(cudaMalloc(&device_a, bytes));
  CHECK(cudaMalloc(&device_b, bytes));
  CHECK(cudaMalloc(&device_c, bytes));
  CHECK(cudaMemcpy(device_a, a.data(), bytes, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(device_b, b.data(), bytes, cudaMemcpyHostToDevice));
  cudaEvent_t start, end;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&end));

  // The race mixes two effects: host_naive's kernel takes its row from x (uncoalesced reads of A,
  // writes of C), while the tiled kernel takes its column from x (coalesced) AND reuses tiles from
  // shared memory. To see tiling alone, race the tiles against chapter 5's mat_mul_coalesced_kernel.
  int wrong = 0;
  for (int optimized = 0; optimized < 2; ++optimized) {
    CHECK(cudaMemset(device_c, 0, bytes));
    const float ms = optimized ? host_optimized(device_a, device_b, device_c, n, start, end)
                               : host_naive(device_a, device_b, device_c, n, start, end);
    CHECK(cudaMemcpy(c.data(), device_c, bytes, cudaMemcpyDeviceToHost));
    int wrong_here = 0;
    for (int i = 0; i < n * n; ++i)
      wrong_here += std::fabs(c[i] - expected[i]) > 1e-3f * std::fmax(1.0f, std::fabs(expected[i]));
    std::printf("%-15s %8.3f ms (GPU, CUDA events, one launch), %d of %d elements wrong\n",
                optimized ? "host_optimized:" : "host_naive:", ms, wrong_here, n * n);
    wrong += wrong_here;
  }

  CHECK(cudaEventDestroy(start));
  CHECK(cudaEventDestroy(end));
  CHECK(cudaFree(device_a));
  CHECK(cudaFree(device_b));
  CHECK(cudaFree(device_c));
  std::printf("%s\n", wrong == 0 ? "OK" : "MISMATCH");
  return wrong == 0 ? 0 : 1;
}
