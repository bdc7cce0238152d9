// Chapter 8, "Launch configuration", as one plain CUDA program: occupancy asked of the runtime,
// a block-size sweep with its waves, and a grid too small vs one that fills every SM.
// Build and run:  nvcc program.cu -o launch && ./launch
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

// One thread per element: y = x * 0.999 + 0.001, `rounds` times.
__global__ void scale_repeatedly(int n, const float* x, float* y, int rounds) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float value = x[i];
    for (int r = 0; r < rounds; ++r) value = value * 0.999f + 0.001f;
    y[i] = value;
  }
}

// The same with a grid-stride loop: any number of blocks covers any n.
__global__ void scale_repeatedly_grid_stride(int n, const float* x, float* y, int rounds) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    float value = x[i];
    for (int r = 0; r < rounds; ++r) value = value * 0.999f + 0.001f;
    y[i] = value;
  }
}

// Milliseconds of one launch, by CUDA events (after one untimed warm-up launch).
template <class Launch>
float time_ms(Launch launch) {
  launch();
  CHECK_LAUNCH();
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  CHECK(cudaEventRecord(start));
  launch();
  CHECK_LAUNCH();
  CHECK(cudaEventRecord(stop));
  CHECK(cudaEventSynchronize(stop));
  float ms = 0;
  CHECK(cudaEventElapsedTime(&ms, start, stop));
  CHECK(cudaEventDestroy(start));
  CHECK(cudaEventDestroy(stop));
  return ms;
}

int main() {
  int device_count = 0;
  cudaError_t found = cudaGetDeviceCount(&device_count);
  if (found != cudaSuccess || device_count == 0) {
    std::printf("no CUDA device: %s\n", found != cudaSuccess ? cudaGetErrorString(found) : "none found");
    return kNoDevice;
  }
  int sms = 0, max_blocks_per_sm = 0;
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  CHECK(cudaDeviceGetAttribute(&max_blocks_per_sm, cudaDevAttrMaxBlocksPerMultiprocessor, 0));

  // What the compiler made of the kernel: registers per thread decide part of the occupancy.
  cudaFuncAttributes attributes;
  CHECK(cudaFuncGetAttributes(&attributes, scale_repeatedly));
  std::printf("%d SMs, at most %d blocks per SM; scale_repeatedly uses %d registers per thread\n", sms,
              max_blocks_per_sm, attributes.numRegs);

  const int n = 1 << 22, rounds = 16;
  std::vector<float> host_x(n);
  for (int i = 0; i < n; ++i) host_x[i] = 1.0f + (i % 1000) / 1000.0f;
  float *x = nullptr, *y = nullptr;
  CHECK(cudaMalloc(&x, n * sizeof(float)));
  CHECK(cudaMalloc(&y, n * sizeof(float)));
  CHECK(cudaMemcpy(x, host_x.data(), n * sizeof(float), cudaMemcpyHostToDevice));

  // The block-size sweep: resident blocks per SM, waves, the last wave, and the time.
  std::printf("threads/block  blocks  per SM  waves  last wave  time (GPU, CUDA events)\n");
  for (int threads = 32; threads <= 1024; threads *= 2) {
    int per_sm = 0;
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, scale_repeatedly, threads, 0));
    const int blocks = (n + threads - 1) / threads;
    const int slots = per_sm * sms;
    const int waves = (blocks + slots - 1) / slots;
    const int last_wave = blocks - (waves - 1) * slots;
    const float ms = time_ms([&] { scale_repeatedly<<<blocks, threads>>>(n, x, y, rounds); });
    std::printf("%13d  %6d  %6d  %5d  %9d  %.3f ms\n", threads, blocks, per_sm, waves, last_wave, ms);
  }

  // The grid size: one block vs enough blocks to fill every SM.
  const int threads = 256;
  int per_sm = 0;
  CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, scale_repeatedly_grid_stride, threads, 0));
  const int fill = per_sm * sms;
  const float one_block = time_ms([&] { scale_repeatedly_grid_stride<<<1, threads>>>(n, x, y, rounds); });
  const float filled = time_ms([&] { scale_repeatedly_grid_stride<<<fill, threads>>>(n, x, y, rounds); });
  std::printf("1 block: %.3f ms; %d blocks (every SM full): %.3f ms; %.1fx faster (GPU time)\n", one_block, fill,
              filled, one_block / filled);

  // Check the last result against the CPU.
  std::vector<float> host_y(n);
  CHECK(cudaMemcpy(host_y.data(), y, n * sizeof(float), cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int i = 0; i < n; ++i) {
    float value = host_x[i];
    for (int r = 0; r < rounds; ++r) value = value * 0.999f + 0.001f;
    if (std::fabs(host_y[i] - value) > 1e-4f * std::fabs(value)) ++wrong;
  }
  CHECK(cudaFree(x));
  CHECK(cudaFree(y));
  std::printf("%s\n", wrong == 0 ? "OK" : "MISMATCH");
  return wrong == 0 ? 0 : 1;
}
