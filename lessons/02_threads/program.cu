// Chapter 2, "Threads, blocks, grids", as one plain CUDA program: 1D indexing, covering a ragged
// array with rounded-up blocks, the grid-stride loop, and a 2D grid of 2D blocks.
// Build and run:  nvcc program.cu -o threads && ./threads
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

// A launch returns no error code: a bad configuration fails silently unless you ask right after
// it. cudaGetLastError() asks.
#define CHECK_LAUNCH() CHECK(cudaGetLastError())

constexpr int kNoDevice = 77;  // the exit code when there is no device to run on

// 1D indexing: each thread computes its place in the whole grid.
__global__ void who_am_i(int* thread_index, int* block_index, int* global_index) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  thread_index[i] = threadIdx.x;
  block_index[i] = blockIdx.x;
  global_index[i] = i;
}

// One thread per element; the guard keeps the spare threads of the last block idle.
__global__ void add_one(int n, int* data) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i < n) {
    data[i] += 1;
  }
}

// The grid-stride loop: any number of threads covers any n.
__global__ void add_one_grid_stride(int n, int* data) {
  int stride = blockDim.x * gridDim.x;
  for (int i = threadIdx.x + blockIdx.x * blockDim.x; i < n; i += stride) {
    data[i] += 1;
  }
}

// Who a thread of a 2D launch is, as the thread itself writes it.
struct ThreadIds2D {
  int thread_x, thread_y;  // threadIdx
  int block_x, block_y;    // blockIdx
  int warp;                // which warp of its block: linear thread id / warpSize
};

// 2D: blocks and grids with x and y, laid over an image of width × height pixels.
__global__ void who_am_i_2d(int width, int height, ThreadIds2D* ids) {
  int col = threadIdx.x + blockIdx.x * blockDim.x;
  int row = threadIdx.y + blockIdx.y * blockDim.y;
  if (col < width && row < height) {
    int linear_thread = threadIdx.x + threadIdx.y * blockDim.x;  // x first: x neighbours are one apart
    ThreadIds2D* me = &ids[row * width + col];
    me->thread_x = threadIdx.x;
    me->thread_y = threadIdx.y;
    me->block_x = blockIdx.x;
    me->block_y = blockIdx.y;
    me->warp = linear_thread / warpSize;
  }
}

// Adds one to 0, 1, ..., n-1 with the given kernel and launch, and checks the result on the CPU.
int count_wrong_after_add_one(bool grid_stride, int n, int blocks_per_grid, int threads_per_block) {
  std::vector<int> data(n);
  for (int i = 0; i < n; ++i) data[i] = i;
  int* data_on_device = nullptr;
  CHECK(cudaMalloc(&data_on_device, n * sizeof(int)));
  CHECK(cudaMemcpy(data_on_device, data.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  if (grid_stride) {
    add_one_grid_stride<<<blocks_per_grid, threads_per_block>>>(n, data_on_device);
  } else {
    add_one<<<blocks_per_grid, threads_per_block>>>(n, data_on_device);
  }
  CHECK_LAUNCH();
  CHECK(cudaMemcpy(data.data(), data_on_device, n * sizeof(int), cudaMemcpyDeviceToHost));
  CHECK(cudaFree(data_on_device));
  int wrong = 0;
  for (int i = 0; i < n; ++i) wrong += data[i] != i + 1;
  return wrong;
}

int main() {
  int device_count = 0;
  cudaError_t found = cudaGetDeviceCount(&device_count);
  if (found != cudaSuccess || device_count == 0) {
    std::printf("no CUDA device: %s\n", found != cudaSuccess ? cudaGetErrorString(found) : "none found");
    return kNoDevice;
  }
  int wrong = 0;

  // 1. 1D indexing: 3 blocks of 4 threads, exactly 12 elements (who_am_i has no guard).
  const int blocks = 3, threads = 4, total = blocks * threads;
  const size_t bytes = total * sizeof(int);
  int *thread_on_device, *block_on_device, *global_on_device;
  CHECK(cudaMalloc(&thread_on_device, bytes));
  CHECK(cudaMalloc(&block_on_device, bytes));
  CHECK(cudaMalloc(&global_on_device, bytes));
  who_am_i<<<blocks, threads>>>(thread_on_device, block_on_device, global_on_device);
  CHECK_LAUNCH();
  std::vector<int> thread_index(total), block_index(total), global_index(total);
  CHECK(cudaMemcpy(thread_index.data(), thread_on_device, bytes, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(block_index.data(), block_on_device, bytes, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(global_index.data(), global_on_device, bytes, cudaMemcpyDeviceToHost));
  for (int i = 0; i < total; ++i) {
    std::printf("i=%2d: block %d, thread %d\n", global_index[i], block_index[i], thread_index[i]);
    wrong += thread_index[i] != i % threads || block_index[i] != i / threads || global_index[i] != i;
  }
  CHECK(cudaFree(thread_on_device));
  CHECK(cudaFree(block_on_device));
  CHECK(cudaFree(global_on_device));

  // 2. Covering n = 10 with 4 threads per block: ceil(10 / 4) = 3 blocks, 2 threads to spare.
  const int n = 10, threads_per_block = 4;
  const int blocks_per_grid = (n + threads_per_block - 1) / threads_per_block;
  wrong += count_wrong_after_add_one(false, n, blocks_per_grid, threads_per_block);
  // The grid-stride loop: 2 blocks of 32 threads cover 1000 elements.
  wrong += count_wrong_after_add_one(true, 1000, 2, 32);

  // 3. A 10 × 6 image in 4 × 4 blocks: a 3 × 2 grid, rounded up in both directions.
  const int width = 10, height = 6;
  const dim3 block(4, 4);
  const dim3 grid((width + block.x - 1) / block.x, (height + block.y - 1) / block.y);
  std::vector<ThreadIds2D> ids(width * height);
  ThreadIds2D* ids_on_device = nullptr;
  CHECK(cudaMalloc(&ids_on_device, ids.size() * sizeof(ThreadIds2D)));
  who_am_i_2d<<<grid, block>>>(width, height, ids_on_device);
  CHECK_LAUNCH();
  CHECK(cudaMemcpy(ids.data(), ids_on_device, ids.size() * sizeof(ThreadIds2D), cudaMemcpyDeviceToHost));
  CHECK(cudaFree(ids_on_device));
  for (int row = 0; row < height; ++row) {
    for (int col = 0; col < width; ++col) {
      const ThreadIds2D& me = ids[row * width + col];
      wrong += me.block_x != col / 4 || me.thread_x != col % 4 || me.block_y != row / 4 || me.thread_y != row % 4;
    }
  }

  std::printf("%s\n", wrong == 0 ? "OK" : "MISMATCH");
  return wrong == 0 ? 0 : 1;
}
