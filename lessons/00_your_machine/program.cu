// Chapter 0, "Your machine", as one plain CUDA program: ask the device what it has, then launch a
// first kernel. Build and run:  nvcc program.cu -o your_machine && ./your_machine
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

// A device function: runs on the device, called from a kernel (or another device function).
__device__ bool is_first_thread_of_block() {
  return threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0;
}

// A kernel: runs on the device, launched by the host with <<<blocks, threads>>>. The first thread
// of each block marks its block and says hello. Which SM runs which block is the hardware's
// choice: CUDA promises no mapping, so nothing here depends on one.
__global__ void where_am_i(int* block_ran) {
  if (is_first_thread_of_block()) {
    block_ran[blockIdx.x] = 1;
    printf("block %d of %d: %d threads\n", blockIdx.x, gridDim.x, blockDim.x);
  }
}

int main() {
  int device_count = 0;
  cudaError_t found = cudaGetDeviceCount(&device_count);
  if (found != cudaSuccess || device_count == 0) {
    std::printf("no CUDA device: %s\n", found != cudaSuccess ? cudaGetErrorString(found) : "none found");
    return kNoDevice;
  }

  // The host asks; the device's facts come back in one struct.
  int device = 0;
  CHECK(cudaGetDevice(&device));
  cudaDeviceProp facts;
  CHECK(cudaGetDeviceProperties(&facts, device));
  std::printf("device %d: %s, compute capability %d.%d\n", device, facts.name, facts.major, facts.minor);
  std::printf("  streaming multiprocessors (SMs): %d\n", facts.multiProcessorCount);
  std::printf("  warp size:                       %d threads\n", facts.warpSize);
  std::printf("  max threads per block:           %d\n", facts.maxThreadsPerBlock);
  std::printf("  max blocks per SM:               %d\n", facts.maxBlocksPerMultiProcessor);
  std::printf("  max threads per SM:              %d\n", facts.maxThreadsPerMultiProcessor);
  std::printf("  shared memory per block:         %zu KiB\n", facts.sharedMemPerBlock / 1024);
  std::printf("  global memory:                   %zu MiB\n", facts.totalGlobalMem >> 20);

  // A first launch: a few blocks, each marking its slot of block_ran in device memory.
  const int blocks_per_grid = 4, threads_per_block = 128;
  int* block_ran_on_device = nullptr;
  CHECK(cudaMalloc(&block_ran_on_device, blocks_per_grid * sizeof(int)));
  CHECK(cudaMemset(block_ran_on_device, 0, blocks_per_grid * sizeof(int)));
  where_am_i<<<blocks_per_grid, threads_per_block>>>(block_ran_on_device);
  // A launch returns no error code: a bad configuration (say, 2048 threads per block) fails
  // silently unless you ask. cudaGetLastError() asks.
  CHECK(cudaGetLastError());
  // The launch returns at once; wait for the kernel, which also prints its printf lines (in no
  // promised order).
  CHECK(cudaDeviceSynchronize());

  std::vector<int> block_ran(blocks_per_grid, 0);
  CHECK(cudaMemcpy(block_ran.data(), block_ran_on_device, blocks_per_grid * sizeof(int), cudaMemcpyDeviceToHost));
  CHECK(cudaFree(block_ran_on_device));

  // The CPU's check: every block ran, exactly as many as launched.
  int marked = 0;
  for (int block = 0; block < blocks_per_grid; ++block) marked += block_ran[block] == 1;
  std::printf("%d of %d blocks marked themselves\n", marked, blocks_per_grid);
  if (marked != blocks_per_grid) {
    std::printf("MISMATCH\n");
    return 1;
  }
  std::printf("OK\n");
  return 0;
}
