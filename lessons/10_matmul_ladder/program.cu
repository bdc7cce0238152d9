// Chapter 10, "Towards cuBLAS", as one plain CUDA program: the ladder's rungs from chapter 6's
// shared tiles up, each timed with CUDA events on the same ragged-size product and checked against
// a float64 CPU reference on sampled rows. The kernels are the chapter's own rung files. The two
// tensor-core rungs (TF32, compute capability 8.0 and newer) show what a program of your own must
// do itself: round its inputs to TF32, and ask before a kernel uses more than 48 KiB of shared memory.
// Build and run (in this folder):  nvcc -O3 -arch=native program.cu -o ladder && ./ladder
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <cuda_runtime.h>
#include <mma.h>  // nvcuda::wmma, for rung 6

#include "rung_1d_tiling.cuh"
#include "rung_2d_tiling.cuh"
#include "rung_double_buffer_fragments.cuh"
#include "rung_vectorized.cuh"
#include "rung_warp_tiling.cuh"
#include "rung_tf32_wmma.cuh"
// Rung 7 pads the rows of its shared tiles by these many floats (see its file); the chapter's
// kernels.h says so for the app, and this program, which stands alone, says it again.
constexpr int kTf32MmaPadA = 4, kTf32MmaPadB = 8;
#include "rung_tf32_mma.cuh"

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
  bool tf32 = false;    // tensor cores: compute capability 8.0 or newer, and TF32's precision
  int dynamic_shared_bytes = 0;
};

// Rung 7's dynamic shared memory: STAGES buffers of A's tile (BM × (BK + pad)) and B's (BK × (BN + pad)).
constexpr int tf32_mma_shared_bytes(int bm, int bn, int bk, int stages) {
  return stages * (bm * (bk + kTf32MmaPadA) + bk * (bn + kTf32MmaPadB)) * int(sizeof(float));
}

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
  cudaDeviceProp device{};
  CHECK(cudaGetDeviceProperties(&device, 0));
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
      // ROUND = true: each input rounded to TF32 (__float_to_tf32) before the tensor cores read it,
      // as the Programming Guide asks; what they make of plain FP32 bits is not specified.
      {"6: TF32, WMMA", mat_mul_tf32_wmma_kernel<128, 128, 16, 64, 32, 2, true>, 128, 128, 256, true},
      // 74 KiB of dynamic shared memory (4 stages): more than the 48 KiB a launch gets unasked.
      {"7: TF32, mma.sync", mat_mul_tf32_mma_kernel<128, 128, 16, 64, 64, 4, 8, 2>, 128, 128, 128, true,
       tf32_mma_shared_bytes(128, 128, 16, 4)},
  };
  cudaEvent_t start, end;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&end));
  bool all_right = true;
  for (const Rung& rung : rungs) {
    if (rung.tf32 && device.major < 8) {
      std::printf("rung %-22s skipped: tensor cores in TF32 need compute capability 8.0; this GPU has %d.%d\n",
                  rung.name, device.major, device.minor);
      continue;
    }
    if (rung.dynamic_shared_bytes > int(device.sharedMemPerBlockOptin)) {
      std::printf("rung %-22s skipped: it needs %d bytes of shared memory per block; this GPU gives %zu\n", rung.name,
                  rung.dynamic_shared_bytes, device.sharedMemPerBlockOptin);
      continue;
    }
    // Above 48 KiB a kernel must ask first; without this call its launch fails
    // (cudaErrorInvalidValue, "invalid argument").
    if (rung.dynamic_shared_bytes > 48 * 1024)
      CHECK(cudaFuncSetAttribute(rung.kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, rung.dynamic_shared_bytes));
    const dim3 grid((n + rung.bn - 1) / rung.bn, (m + rung.bm - 1) / rung.bm), block(rung.threads);
    const size_t shared = size_t(rung.dynamic_shared_bytes);
    CHECK(cudaMemset(dc, 0, c.size() * sizeof(float)));
    rung.kernel<<<grid, block, shared>>>(da, db, dc, m, n, k);  // the first launch also loads the kernel
    CHECK(cudaGetLastError());                                   // a bad launch is silent without this
    CHECK(cudaEventRecord(start));
    rung.kernel<<<grid, block, shared>>>(da, db, dc, m, n, k);
    CHECK(cudaEventRecord(end));
    CHECK(cudaGetLastError());
    CHECK(cudaEventSynchronize(end));
    float ms = 0;
    CHECK(cudaEventElapsedTime(&ms, start, end));
    CHECK(cudaMemcpy(c.data(), dc, c.size() * sizeof(float), cudaMemcpyDeviceToHost));
    const double error = worst_error(a, b, c, m, n, k);
    // TF32 keeps 10 bits of mantissa (FP32: 23): about a thousand times the error, and still right.
    const bool right = error < (rung.tf32 ? 5e-3 : 1e-4);
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
