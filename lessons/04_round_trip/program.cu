// Chapter 4, "Host → device → kernel → host", as one plain CUDA program: the round trip timed
// with events, pageable vs pinned copies, and chunks overlapped on streams.
// Build and run:  nvcc program.cu -o round_trip && ./round_trip
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

__global__ void add_vectors(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    c[i] = a[i] + b[i];
  }
}

// 1 + x + x² + ... (terms of them) by Horner's rule: work you can dial up.
__host__ __device__ float polynomial(float x, int terms) {
  float y = 0.0f;
  for (int k = 0; k < terms; ++k) y = y * x + 1.0f;
  return y;
}

__global__ void evaluate_polynomial(const float* x, float* y, int n, int terms) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    y[i] = polynomial(x[i], terms);
  }
}

// The time between two events, once the second has happened on the device.
float ms_between(cudaEvent_t start, cudaEvent_t end) {
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
  const int n = 1 << 22, threads_per_block = 256;  // 4 Mi floats: 16 MiB per array
  const int blocks_per_grid = (n + threads_per_block - 1) / threads_per_block;
  const size_t bytes = n * sizeof(float);
  cudaEvent_t mark[4];
  for (cudaEvent_t& event : mark) CHECK(cudaEventCreate(&event));
  int wrong = 0;

  // 1. The round trip, from pageable host memory (an ordinary std::vector).
  std::vector<float> a(n), b(n), c(n);
  for (int i = 0; i < n; ++i) a[i] = (float)i, b[i] = 2.0f * i;
  float *device_a, *device_b, *device_c;
  CHECK(cudaMalloc(&device_a, bytes));
  CHECK(cudaMalloc(&device_b, bytes));
  CHECK(cudaMalloc(&device_c, bytes));
  CHECK(cudaEventRecord(mark[0]));
  CHECK(cudaMemcpy(device_a, a.data(), bytes, cudaMemcpyHostToDevice));  // 1. inputs in
  CHECK(cudaMemcpy(device_b, b.data(), bytes, cudaMemcpyHostToDevice));
  CHECK(cudaEventRecord(mark[1]));
  add_vectors<<<blocks_per_grid, threads_per_block>>>(device_a, device_b, device_c, n);  // 2. launch
  // A launch returns no error code: a bad configuration fails silently unless you ask.
  CHECK(cudaGetLastError());
  CHECK(cudaEventRecord(mark[2]));
  CHECK(cudaMemcpy(c.data(), device_c, bytes, cudaMemcpyDeviceToHost));  // 4. result out: waits for the kernel
  CHECK(cudaEventRecord(mark[3]));
  std::printf("copy in %.3f ms, add_vectors %.3f ms, copy out %.3f ms (GPU, CUDA events)\n",
              ms_between(mark[0], mark[1]), ms_between(mark[1], mark[2]), ms_between(mark[2], mark[3]));
  for (int i = 0; i < n; ++i) wrong += c[i] != a[i] + b[i];

  // 2. Pageable vs pinned: the same copy from page-locked memory skips the driver's staging copy.
  float* pinned = nullptr;
  CHECK(cudaMallocHost(&pinned, bytes));
  for (int i = 0; i < n; ++i) pinned[i] = (float)(i % 100) / 100.0f;  // the inputs of part 3
  for (int from_pinned = 0; from_pinned < 2; ++from_pinned) {
    CHECK(cudaEventRecord(mark[0]));
    CHECK(cudaMemcpy(device_a, from_pinned ? pinned : a.data(), bytes, cudaMemcpyHostToDevice));
    CHECK(cudaEventRecord(mark[1]));
    const float ms = ms_between(mark[0], mark[1]);
    std::printf("%-8s host → device: %.3f ms, %.1f GB/s\n", from_pinned ? "pinned" : "pageable", ms, bytes / ms / 1e6);
  }

  // 3. Streams: chunk c goes to stream c % streams; a copy of one chunk may overlap the kernel of
  // another. cudaMemcpyAsync needs pinned host memory to be truly asynchronous.
  const int streams_count = 4, chunks = 8, chunk = n / chunks, terms = 64;
  float* y = nullptr;
  CHECK(cudaMallocHost(&y, bytes));
  cudaStream_t streams[streams_count];
  for (cudaStream_t& stream : streams) CHECK(cudaStreamCreate(&stream));
  CHECK(cudaEventRecord(mark[0]));
  for (int chunk_index = 0; chunk_index < chunks; ++chunk_index) {
    const int first = chunk_index * chunk;
    cudaStream_t stream = streams[chunk_index % streams_count];
    CHECK(cudaMemcpyAsync(device_a + first, pinned + first, chunk * sizeof(float), cudaMemcpyHostToDevice, stream));
    evaluate_polynomial<<<(chunk + threads_per_block - 1) / threads_per_block, threads_per_block, 0, stream>>>(
        device_a + first, device_c + first, chunk, terms);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpyAsync(y + first, device_c + first, chunk * sizeof(float), cudaMemcpyDeviceToHost, stream));
  }
  CHECK(cudaEventRecord(mark[1]));  // on the default stream: after the work of every stream
  std::printf("%d chunks on %d streams: %.3f ms (GPU, CUDA events)\n", chunks, streams_count,
              ms_between(mark[0], mark[1]));
  CHECK(cudaDeviceSynchronize());
  for (int i = 0; i < n; ++i) {
    const float expected = polynomial(pinned[i], terms);
    wrong += std::fabs(y[i] - expected) > 1e-4f * std::fmax(1.0f, std::fabs(expected));
  }

  for (cudaStream_t stream : streams) CHECK(cudaStreamDestroy(stream));
  for (cudaEvent_t event : mark) CHECK(cudaEventDestroy(event));
  CHECK(cudaFreeHost(pinned));
  CHECK(cudaFreeHost(y));
  CHECK(cudaFree(device_a));
  CHECK(cudaFree(device_b));
  CHECK(cudaFree(device_c));
  std::printf("%s\n", wrong == 0 ? "OK" : "MISMATCH");
  return wrong == 0 ? 0 : 1;
}
