// Chapter 10, "Towards cuBLAS", as one plain CUDA program: the ladder's FP32 rungs from chapter
// 6's shared tiles up, each timed with CUDA events on the same ragged-size product and checked
// against a float64 CPU reference on sampled rows. The kernels are the chapter's own rung files.
// Build and run (in this folder):  nvcc -O3 -arch=native program.cu -o ladder && ./ladder
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <cuda_runtime.h>

#include "rung_1d_tiling.cuh"
#include "rung_2d_tiling.cuh"
#include "rung_double_buffer_fragments.cuh"
#include "rung_vectorized.cuh"
#include "rung_warp_tiling.cuh"

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

using Kernel = void (*)(const float*, const float*, float*, int, int, int);
struct Rung {
  const char* name;
  Kernel kernel;
  int bm, bn, threads;  // the block's tile of C and its threads: the launch follows from them
};

// Largest relative error of C against a float64 product, on every 61st row.
double worst_error(const std::vector<float>& a, const std::vector<float>& b, const std::vector<float>& c, int m, int n,
                   int k) {
  double worst = 0;
  for (int row = 0; row < m; row += 61)
    for (int col = 0; col < n; ++col) {
      double sum = 0, size = 0;
      for (int i = 0; i < k; ++i) {
        sum += double(a[row * k + i]) * b[i * n + col];
        size += std::fabs(double(a[row * k + i]) * b[i * n + col]);
      }
      worst = std::fmax(worst, std::fabs(c[row * n + col] - sum) / (size > 0 ? size : 1));
    }
  return worst;
}

int main() {
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::printf("no CUDA device: nothing to run on\n");
    return kNoDevice;
  }
  // Not multiples of any tile: the rungs' edge guards are part of what is checked.
  const int m = 1000, n = 1100, k = 900;
  std::vector<float> a(std::size_t(m) * k), b(std::size_t(k) * n), c(std::size_t(m) * n);
  for (float& x : a) x = float(std::rand()) / RAND_MAX - 0.5f;
  for (float& x : b) x = float(std::rand()) / RAND_MAX - 0.5f;
  float *da, *db, *dc;
  CHECK(cudaMalloc(&da, a.size() * sizeof(float)));
  CHECK(cudaMalloc(&db, b.size() * sizeof(float)));
  CHECK(cudaMalloc(&dc, c.size() * sizeof(float)));
  CHECK(cudaMemcpy(da, a.data(), a.size() * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(db, b.data(), b.size() * sizeof(float), cudaMemcpyHostToDevice));

  const Rung rungs[] = {
      {"1: 1D register tiling", mat_mul_1d_tiling_kernel<64, 64, 8, 8>, 64, 64, 64 * 64 / 8},
      {"2: 2D register tiling", mat_mul_2d_tiling_kernel<128, 128, 8, 8, 8>, 128, 128, 256},
      {"3: 128-bit loads", mat_mul_vectorized_kernel<128, 128, 8, 8, 8>, 128, 128, 256},
      {"4: warp tiles", mat_mul_warp_tiling_kernel<128, 128, 16, 64, 64, 4, 8, 4>, 128, 128, 128},
      {"5: double buffering", mat_mul_double_buffer_fragments_kernel<128, 128, 8, 64, 32, 8, 8, 8>, 128, 128, 256},
  };
  cudaEvent_t start, end;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&end));
  bool all_right = true;
  for (const Rung& rung : rungs) {
    const dim3 grid((n + rung.bn - 1) / rung.bn, (m + rung.bm - 1) / rung.bm), block(rung.threads);
    CHECK(cudaMemset(dc, 0, c.size() * sizeof(float)));
    rung.kernel<<<grid, block>>>(da, db, dc, m, n, k);  // the first launch also loads the kernel
    CHECK(cudaGetLastError());                           // a bad launch is silent without this
    CHECK(cudaEventRecord(start));
    rung.kernel<<<grid, block>>>(da, db, dc, m, n, k);
    CHECK(cudaEventRecord(end));
    CHECK(cudaGetLastError());
    CHECK(cudaEventSynchronize(end));
    float ms = 0;
    CHECK(cudaEventElapsedTime(&ms, start, end));
    CHECK(cudaMemcpy(c.data(), dc, c.size() * sizeof(float), cudaMemcpyDeviceToHost));
    const double error = worst_error(a, b, c, m, n, k);
    const bool right = error < 1e-4;
    all_right = all_right && right;
    std::printf("rung %-22s %8.3f ms  %7.1f GFLOP/s  largest error %.1e %s\n", rung.name, ms,
                2.0 * m * n * k / (ms * 1e6), error, right ? "" : "WRONG");
  }
  CHECK(cudaFree(da));
  CHECK(cudaFree(db));
  CHECK(cudaFree(dc));
  if (!all_right) return 1;
  std::printf("OK\n");
  return 0;
}
