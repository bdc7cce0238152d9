// Chapter 1, "Hello kernel", as one plain CUDA program: a launch configuration, an asynchronous
// launch, and a kernel calling a device function.
// Build and run:  nvcc program.cu -o hello_kernel && ./hello_kernel
#include <chrono>
#include <cstdio>
#include <cstdlib>

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

// A kernel: marked __global__, launched by the host, and run once by every thread of the grid.
__global__ void hello() {
  printf("hello from thread %d of block %d\n", threadIdx.x, blockIdx.x);
}

// The GPU's nanosecond clock: the %globaltimer register, read with one line of inline PTX.
__device__ unsigned long long device_time_ns() {
  unsigned long long now;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
  return now;
}

// Busy on the device for `microseconds`, then writes the answer into host memory the kernel can
// reach directly (mapped, page-locked host memory).
__global__ void spin_then_answer(unsigned int microseconds, volatile int* answer) {
  unsigned long long start = device_time_ns();
  while (device_time_ns() - start < microseconds * 1000ull) {
    // nothing to do but wait: this is the "long computation"
  }
  *answer = 42;
}

// A device function: only device code may call it.
__device__ int square(int x) {
  return x * x;
}

__global__ void squares(int n, int* out) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i < n) {  // the last block may have threads past the end: they do nothing
    out[i] = square(i);
  }
}

double microseconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
}

int main() {
  int device_count = 0;
  cudaError_t found = cudaGetDeviceCount(&device_count);
  if (found != cudaSuccess || device_count == 0) {
    std::printf("no CUDA device: %s\n", found != cudaSuccess ? cudaGetErrorString(found) : "none found");
    return kNoDevice;
  }

  // 1. Launch configuration: 2 blocks of 4 threads, 8 lines of hello.
  hello<<<2, 4>>>();
  // A launch returns no error code: a bad configuration (try <<<2, 2048>>>) fails silently
  // unless you ask. cudaGetLastError() asks.
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());  // waits for the kernel; its printf output appears by now

  // 2. Asynchronous launch: the launch returns before the kernel is done.
  volatile int* answer = nullptr;  // volatile: the device changes it behind the host's back
  CHECK(cudaHostAlloc((void**)&answer, sizeof(int), cudaHostAllocMapped));
  int* answer_on_device = nullptr;
  CHECK(cudaHostGetDevicePointer((void**)&answer_on_device, (void*)answer, 0));
  spin_then_answer<<<1, 1>>>(0, answer_on_device);  // a first launch loads the kernel: not timed
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  *answer = 0;

  const unsigned int spin_us = 2000;
  const auto launch_called = std::chrono::steady_clock::now();
  spin_then_answer<<<1, 1>>>(spin_us, answer_on_device);
  CHECK(cudaGetLastError());
  const double launch_returned_us = microseconds_since(launch_called);
  const int answer_before_waiting = *answer;  // most likely 0: the kernel is still spinning
  CHECK(cudaDeviceSynchronize());
  const double wait_returned_us = microseconds_since(launch_called);
  std::printf("kernel works for %u us; the launch returned after %.0f us, cudaDeviceSynchronize after %.0f us\n",
              spin_us, launch_returned_us, wait_returned_us);
  std::printf("answer read before waiting: %d, after: %d\n", answer_before_waiting, *answer);
  const bool answered = *answer == 42;
  CHECK(cudaFreeHost((void*)answer));

  // 3. A kernel calling a device function, for n = 10 with 4 threads per block.
  const int n = 10, threads_per_block = 4;
  const int blocks_per_grid = (n + threads_per_block - 1) / threads_per_block;  // 3: rounded up
  int* out_on_device = nullptr;
  CHECK(cudaMalloc(&out_on_device, n * sizeof(int)));
  squares<<<blocks_per_grid, threads_per_block>>>(n, out_on_device);
  CHECK(cudaGetLastError());
  int out[n];
  CHECK(cudaMemcpy(out, out_on_device, sizeof(out), cudaMemcpyDeviceToHost));  // waits for the kernel
  CHECK(cudaFree(out_on_device));

  int wrong = answered ? 0 : 1;
  for (int i = 0; i < n; ++i) {
    std::printf("%d ", out[i]);
    if (out[i] != i * i) ++wrong;  // the CPU's own arithmetic
  }
  std::printf("\n%s\n", wrong == 0 ? "OK" : "MISMATCH");
  return wrong == 0 ? 0 : 1;
}
