// Chapter 3, "Where data lives", as one plain CUDA program: a blur read straight from global
// memory, the same blur staged through a static __shared__ tile and through an extern __shared__
// one (sized at launch), and a block's threads meeting at __syncthreads().
// Build and run:  nvcc program.cu -o memory && ./memory
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
constexpr int kThreadsPerBlock = 128;
constexpr int kRadius = 3;

// Global memory only: each input is read by 2 × radius + 1 threads, every read from global memory.
// `sum` is a register: private to its thread, the fastest memory there is.
__global__ void blur_from_global(const float* in, float* out, int n, int radius) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float sum = 0.0f;
  for (int k = -radius; k <= radius; ++k) {
    int j = i + k;
    if (j >= 0 && j < n) sum += in[j];
  }
  out[i] = sum / (2 * radius + 1);
}

// A static __shared__ tile: its size is fixed when the kernel is compiled, so the block size is
// too (kThreadsPerBlock). One copy per block, seen by that block's threads only.
__global__ void blur_static_tile(const float* in, float* out, int n) {
  __shared__ float tile[kThreadsPerBlock + 2 * kRadius];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int tile_start = (int)(blockIdx.x * blockDim.x) - kRadius;  // the element tile[0] holds
  for (int slot = threadIdx.x; slot < kThreadsPerBlock + 2 * kRadius; slot += blockDim.x) {
    int j = tile_start + slot;
    tile[slot] = (j >= 0 && j < n) ? in[j] : 0.0f;  // the guard: past either end, a zero
  }
  __syncthreads();     // the whole tile is loaded before anyone reads it
  if (i >= n) return;  // after the barrier: every thread of the block must reach it
  float sum = 0.0f;
  for (int k = 0; k <= 2 * kRadius; ++k) sum += tile[threadIdx.x + k];
  out[i] = sum / (2 * kRadius + 1);
}

// The same with an extern __shared__ tile: its size is the third <<<>>> argument, in bytes, so
// one kernel serves any block size and radius.
__global__ void blur_through_shared(const float* in, float* out, int n, int radius) {
  extern __shared__ float tile[];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int tile_start = (int)(blockIdx.x * blockDim.x) - radius;  // the element tile[0] holds
  int tile_size = (int)blockDim.x + 2 * radius;
  for (int slot = threadIdx.x; slot < tile_size; slot += blockDim.x) {
    int j = tile_start + slot;
    tile[slot] = (j >= 0 && j < n) ? in[j] : 0.0f;
  }
  __syncthreads();  // the whole tile is loaded before anyone reads it
  if (i >= n) return;
  float sum = 0.0f;
  for (int k = 0; k <= 2 * radius; ++k) {
    sum += tile[threadIdx.x + k];
  }
  out[i] = sum / (2 * radius + 1);
}

// Counts the outputs that differ from the CPU's blur.
int count_wrong(const std::vector<float>& in, const std::vector<float>& out, int radius) {
  int wrong = 0, n = (int)in.size();
  for (int i = 0; i < n; ++i) {
    float sum = 0.0f;
    for (int j = i - radius; j <= i + radius; ++j) sum += (j >= 0 && j < n) ? in[j] : 0.0f;
    wrong += std::fabs(out[i] - sum / (2 * radius + 1)) > 1e-5f;
  }
  return wrong;
}

int main() {
  int device_count = 0;
  cudaError_t found = cudaGetDeviceCount(&device_count);
  if (found != cudaSuccess || device_count == 0) {
    std::printf("no CUDA device: %s\n", found != cudaSuccess ? cudaGetErrorString(found) : "none found");
    return kNoDevice;
  }

  const int n = 1000;  // not a multiple of the block size: the last block has threads to spare
  const size_t bytes = n * sizeof(float);
  std::vector<float> in(n), out(n);
  for (int i = 0; i < n; ++i) in[i] = (float)(i % 17);
  float *in_on_device, *out_on_device;  // global memory: every thread of every block sees it
  CHECK(cudaMalloc(&in_on_device, bytes));
  CHECK(cudaMalloc(&out_on_device, bytes));
  CHECK(cudaMemcpy(in_on_device, in.data(), bytes, cudaMemcpyHostToDevice));
  const int blocks_per_grid = (n + kThreadsPerBlock - 1) / kThreadsPerBlock;
  int wrong = 0;

  for (int version = 0; version < 3; ++version) {
    CHECK(cudaMemset(out_on_device, 0, bytes));
    if (version == 0) {
      blur_from_global<<<blocks_per_grid, kThreadsPerBlock>>>(in_on_device, out_on_device, n, kRadius);
    } else if (version == 1) {
      blur_static_tile<<<blocks_per_grid, kThreadsPerBlock>>>(in_on_device, out_on_device, n);
    } else {
      const size_t tile_bytes = (kThreadsPerBlock + 2 * kRadius) * sizeof(float);
      blur_through_shared<<<blocks_per_grid, kThreadsPerBlock, tile_bytes>>>(in_on_device, out_on_device, n, kRadius);
    }
    // A launch returns no error code: a bad configuration (too many threads, or more dynamic
    // shared memory than a block may have) fails silently unless you ask. cudaGetLastError() asks.
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(out.data(), out_on_device, bytes, cudaMemcpyDeviceToHost));
    const int wrong_here = count_wrong(in, out, kRadius);
    const char* names[] = {"blur_from_global", "blur_static_tile", "blur_through_shared"};
    std::printf("%-20s %d of %d outputs differ from the CPU\n", names[version], wrong_here, n);
    wrong += wrong_here;
  }

  CHECK(cudaFree(in_on_device));
  CHECK(cudaFree(out_on_device));
  std::printf("%s\n", wrong == 0 ? "OK" : "MISMATCH");
  return wrong == 0 ? 0 : 1;
}
