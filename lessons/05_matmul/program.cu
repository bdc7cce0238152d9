// Chapter 5, "Matrix multiply: the naive kernel", as one plain CUDA program: C = A × B for n × n
// floats, one thread per element of C, with the row from x (the Numba tutorial) and with the
// column from x (coalesced), timed with CUDA events against a CPU triple loop on one core.
// Build and run:  nvcc -O2 program.cu -o matmul && ./matmul
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

constexpr int kNoDevice = 77;  // the exit code when there is no device to run on

// Row from x: the 32 threads of a warp work on 32 neighbouring rows, so at each k they read
// elements of A that are n floats apart.
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

// Column from x: a warp reads neighbouring elements of B and writes neighbouring elements of C
// (coalesced: one wide memory transaction serves many threads).
__global__ void mat_mul_coalesced_kernel(const float* a, const float* b, float* c, int n) {
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < n && col < n) {
    float sum = 0.0f;
    for (int k = 0; k < n; ++k) {
      sum += a[row * n + k] * b[k * n + col];
    }
    c[row * n + col] = sum;
  }
}

// The CPU reference: the triple loop, on one core.
void cpu_mat_mul(const float* a, const float* b, float* c, int n) {
  for (int row = 0; row < n; ++row)
    for (int col = 0; col < n; ++col) {
      float sum = 0.0f;
      for (int k = 0; k < n; ++k) sum += a[row * n + k] * b[k * n + col];
      c[row * n + col] = sum;
    }
}

int main() {
  int device_count = 0;
  cudaError_t found = cudaGetDeviceCount(&device_count);
  if (found != cudaSuccess || device_count == 0) {
    std::printf("no CUDA device: %s\n", found != cudaSuccess ? cudaGetErrorString(found) : "none found");
    return kNoDevice;
  }
  const int n = 500;  // not a multiple of 16: the guards matter
  const size_t bytes = (size_t)n * n * sizeof(float);
  std::vector<float> a(n * n), b(n * n), c(n * n), expected(n * n);
  for (int i = 0; i < n * n; ++i) a[i] = (float)(i % 7) - 3.0f, b[i] = (float)(i % 5) * 0.5f;

  const auto cpu_start = std::chrono::steady_clock::now();
  cpu_mat_mul(a.data(), b.data(), expected.data(), n);
  const double cpu_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - cpu_start).count();
  std::printf("cpu_mat_mul:              %8.3f ms (one CPU core, steady_clock)\n", cpu_ms);

  float *device_a, *device_b, *device_c;
  CHECK(cudaMalloc(&device_a, bytes));
  CHECK(cudaMalloc(&device_b, bytes));
  CHECK(cudaMalloc(&device_c, bytes));
  CHECK(cudaMemcpy(device_a, a.data(), bytes, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(device_b, b.data(), bytes, cudaMemcpyHostToDevice));
  cudaEvent_t start, end;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&end));

  const dim3 block(16, 16);
  const dim3 grid((n + block.x - 1) / block.x, (n + block.y - 1) / block.y);
  int wrong = 0;
  for (int coalesced = 0; coalesced < 2; ++coalesced) {
    CHECK(cudaMemset(device_c, 0, bytes));
    // Launched twice: the first launch also loads the kernel, so only the second is timed.
    for (int launch = 0; launch < 2; ++launch) {
      CHECK(cudaEventRecord(start));
      if (coalesced) {
        mat_mul_coalesced_kernel<<<grid, block>>>(device_a, device_b, device_c, n);
      } else {
        mat_mul_naive_kernel<<<grid, block>>>(device_a, device_b, device_c, n);
      }
      // A launch returns no error code: a bad configuration fails silently unless you ask.
      CHECK(cudaGetLastError());
      CHECK(cudaEventRecord(end));
    }
    CHECK(cudaEventSynchronize(end));
    float gpu_ms = 0;
    CHECK(cudaEventElapsedTime(&gpu_ms, start, end));
    CHECK(cudaMemcpy(c.data(), device_c, bytes, cudaMemcpyDeviceToHost));
    int wrong_here = 0;
    for (int i = 0; i < n * n; ++i)
      wrong_here += std::fabs(c[i] - expected[i]) > 1e-3f * std::fmax(1.0f, std::fabs(expected[i]));
    std::printf("%-25s %8.3f ms (GPU, CUDA events, one launch), %d wrong\n",
                coalesced ? "mat_mul_coalesced_kernel:" : "mat_mul_naive_kernel:", gpu_ms, wrong_here);
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
