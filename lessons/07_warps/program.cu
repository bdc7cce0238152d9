// Chapter 7, "Warps", as one plain CUDA program: divergence, the reduction rung by rung, a tile
// transpose with and without padding, and a histogram with global or privatized atomics. Every
// kernel is timed with CUDA events (GPU time) and checked against the CPU.
// Build and run:  nvcc program.cu -o warps && ./warps
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

// ---- 1. Divergence: lanes with threadIdx.x % k == 0 take branch A, the others branch B. ----
__host__ __device__ inline float work_a(float x, int rounds) {
  for (int r = 0; r < rounds; ++r) x = x * 0.999f + 0.002f;
  return x;
}
__host__ __device__ inline float work_b(float x, int rounds) {
  for (int r = 0; r < rounds; ++r) x = x * 1.001f - 0.001f;
  return x;
}
__global__ void branch_on_lane(int n, int k, const float* x, float* y, int rounds, unsigned* masks) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    if (threadIdx.x % k == 0) {
      if (blockIdx.x == 0) masks[threadIdx.x] = __activemask();  // the lanes running branch A with me
      y[i] = work_a(x[i], rounds);
    } else {
      if (blockIdx.x == 0) masks[threadIdx.x] = __activemask();  // the lanes running branch B with me
      y[i] = work_b(x[i], rounds);
    }
  }
}
__global__ void branch_on_warp(int n, const float* x, float* y, int rounds) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = (threadIdx.x / warpSize) % 2 == 0 ? work_a(x[i], rounds) : work_b(x[i], rounds);
}

// ---- 2. Reduction: five rungs, 256 threads per block. ----
constexpr int kThreads = 256;
constexpr int kReduceThreads = kThreads;  // the name the chapter's kernel file gives it
__global__ void reduce_interleaved(unsigned int n, const unsigned int* in, unsigned int* block_sums) {
  __shared__ unsigned int partial[kReduceThreads];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  partial[tid] = i < n ? in[i] : 0;
  __syncthreads();
  for (unsigned int s = 1; s < blockDim.x; s *= 2) {
    if (tid % (2 * s) == 0) {
      partial[tid] += partial[tid + s];
    }
    __syncthreads();
  }
  if (tid == 0) block_sums[blockIdx.x] = partial[0];
}
__global__ void reduce_sequential(unsigned int n, const unsigned int* in, unsigned int* block_sums) {
  __shared__ unsigned int partial[kReduceThreads];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  partial[tid] = i < n ? in[i] : 0;
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s /= 2) {
    if (tid < s) {
      partial[tid] += partial[tid + s];
    }
    __syncthreads();
  }
  if (tid == 0) block_sums[blockIdx.x] = partial[0];
}
__global__ void reduce_first_add(unsigned int n, const unsigned int* in, unsigned int* block_sums) {
  __shared__ unsigned int partial[kReduceThreads];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
  unsigned int sum = i < n ? in[i] : 0;
  if (i + blockDim.x < n) sum += in[i + blockDim.x];
  partial[tid] = sum;
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s /= 2) {
    if (tid < s) {
      partial[tid] += partial[tid + s];
    }
    __syncthreads();
  }
  if (tid == 0) block_sums[blockIdx.x] = partial[0];
}
// Rungs 4 and 5: the tree stops at 64 partial sums; warp 0 finishes with shuffles. Rung 5 adds the
// block's sum into *total with one atomicAdd (total_only), rung 4 writes it to block_sums.
__global__ void reduce_warp_shuffle(unsigned n, const unsigned* in, unsigned* out, bool total_only) {
  __shared__ unsigned partial[kThreads];
  unsigned tid = threadIdx.x, i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
  unsigned sum = i < n ? in[i] : 0;
  if (i + blockDim.x < n) sum += in[i + blockDim.x];
  partial[tid] = sum;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 32; s /= 2) {
    if (tid < s) partial[tid] += partial[tid + s];
    __syncthreads();
  }
  if (tid < 32) {
    sum = partial[tid] + partial[tid + 32];
    for (int offset = warpSize / 2; offset > 0; offset /= 2) sum += __shfl_down_sync(0xffffffffu, sum, offset);
    if (tid == 0) {
      if (total_only) atomicAdd(out, sum);
      else out[blockIdx.x] = sum;
    }
  }
}

// ---- 3. Bank conflicts: a 32 x 32 tile transpose; PAD = 0 or 1 extra column. ----
template <int PAD>
__global__ void transpose(int n, const float* in, float* out) {
  __shared__ float tile[32][32 + PAD];
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  if (x < n && y < n) tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x;
  y = blockIdx.x * 32 + threadIdx.y;
  if (x < n && y < n) out[y * n + x] = tile[threadIdx.x][threadIdx.y];  // a column of the tile
}

// ---- 4. Atomics: a 256-bin histogram of bytes. ----
constexpr int kBins = 256;  // one bin per value of a byte
__global__ void histogram_global(int n, const unsigned char* data, unsigned int* bins) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&bins[data[i]], 1u);
}
__global__ void histogram_shared(int n, const unsigned char* data, unsigned int* bins) {
  __shared__ unsigned int local[kBins];
  for (int b = threadIdx.x; b < kBins; b += blockDim.x) local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&local[data[i]], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < kBins; b += blockDim.x)
    if (local[b] > 0) {
      atomicAdd(&bins[b], local[b]);
    }
}

// Milliseconds of `work` on the GPU, by CUDA events, after one untimed warm-up.
template <class Work>
float gpu_ms(Work work) {
  work();
  CHECK_LAUNCH();
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  CHECK(cudaEventRecord(start));
  work();
  CHECK_LAUNCH();
  CHECK(cudaEventRecord(stop));
  CHECK(cudaEventSynchronize(stop));
  float ms = 0;
  CHECK(cudaEventElapsedTime(&ms, start, stop));
  CHECK(cudaEventDestroy(start));
  CHECK(cudaEventDestroy(stop));
  return ms;
}

int wrong = 0;
void expect(bool ok, const char* what) {
  if (!ok) std::printf("%s: differs from the CPU\n", what), ++wrong;
}

int main() {
  int device_count = 0;
  cudaError_t found = cudaGetDeviceCount(&device_count);
  if (found != cudaSuccess || device_count == 0) {
    std::printf("no CUDA device: %s\n", found != cudaSuccess ? cudaGetErrorString(found) : "none found");
    return kNoDevice;
  }
  const int n = 1 << 22, blocks = (n + kThreads - 1) / kThreads, rounds = 256;

  // 1. Divergence.
  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i) x[i] = 1.0f + (i % 997) / 997.0f;
  float *dx, *dy;
  unsigned* dmasks;
  CHECK(cudaMalloc(&dx, n * sizeof(float)));
  CHECK(cudaMalloc(&dy, n * sizeof(float)));
  CHECK(cudaMalloc(&dmasks, kThreads * sizeof(unsigned)));
  CHECK(cudaMemcpy(dx, x.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  std::printf("1. divergence (GPU time, %d elements, %d rounds per branch)\n", n, rounds);
  for (int k = 1; k <= 64; k *= 2) {
    const float ms = gpu_ms([&] { branch_on_lane<<<blocks, kThreads>>>(n, k, dx, dy, rounds, dmasks); });
    CHECK(cudaMemcpy(y.data(), dy, n * sizeof(float), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; i += 101) {
      const float want = (i % kThreads) % k == 0 ? work_a(x[i], rounds) : work_b(x[i], rounds);
      if (std::fabs(y[i] - want) > 1e-3f * std::fabs(want)) { expect(false, "branch_on_lane"); break; }
    }
    unsigned masks[kThreads];
    CHECK(cudaMemcpy(masks, dmasks, sizeof(masks), cudaMemcpyDeviceToHost));
    std::printf("   k = %2d: %.3f ms; warp 0: branch A ran with __activemask() = 0x%08x\n", k, ms, masks[0]);
  }
  std::printf("   branch on the warp number: %.3f ms\n", gpu_ms([&] { branch_on_warp<<<blocks, kThreads>>>(n, dx, dy, rounds); }));

  // 2. Reduction.
  std::vector<unsigned> values(n);
  unsigned long long cpu_sum = 0;
  for (int i = 0; i < n; ++i) values[i] = (i * 2654435761u) >> 29, cpu_sum += values[i];
  unsigned *din, *dout;
  CHECK(cudaMalloc(&din, n * sizeof(unsigned)));
  CHECK(cudaMalloc(&dout, blocks * sizeof(unsigned)));
  CHECK(cudaMemcpy(din, values.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice));
  std::vector<unsigned> sums(blocks);
  auto block_total = [&](int count) {
    CHECK(cudaMemcpy(sums.data(), dout, count * sizeof(unsigned), cudaMemcpyDeviceToHost));
    unsigned long long total = 0;
    for (int b = 0; b < count; ++b) total += sums[b];
    return total;
  };
  const int half = (n + 2 * kThreads - 1) / (2 * kThreads);
  std::printf("2. reduction of %d unsigned ints (GPU time)\n", n);
  const char* names[] = {"interleaved", "sequential", "first add during load", "warp shuffles", "one atomic per block"};
  for (int rung = 0; rung < 5; ++rung) {
    float ms = 0;
    if (rung == 0) ms = gpu_ms([&] { reduce_interleaved<<<blocks, kThreads>>>(n, din, dout); });
    if (rung == 1) ms = gpu_ms([&] { reduce_sequential<<<blocks, kThreads>>>(n, din, dout); });
    if (rung == 2) ms = gpu_ms([&] { reduce_first_add<<<half, kThreads>>>(n, din, dout); });
    if (rung == 3) ms = gpu_ms([&] { reduce_warp_shuffle<<<half, kThreads>>>(n, din, dout, false); });
    if (rung == 4) {
      ms = gpu_ms([&] { reduce_warp_shuffle<<<half, kThreads>>>(n, din, dout, true); });
      CHECK(cudaMemset(dout, 0, sizeof(unsigned)));  // the total must start at 0 for the checked run
      reduce_warp_shuffle<<<half, kThreads>>>(n, din, dout, true);
      CHECK_LAUNCH();
    }
    const unsigned long long total = block_total(rung == 4 ? 1 : rung < 2 ? blocks : half);
    expect(total == cpu_sum, names[rung]);
    std::printf("   %d. %-22s %.3f ms, %.0f GB/s, sum %llu (CPU: %llu)\n", rung + 1, names[rung], ms,
                n * 4.0 / (ms * 1e6), total, cpu_sum);
  }

  // 3. Bank conflicts.
  const int m = 4096;
  std::vector<float> a(size_t(m) * m), t(size_t(m) * m);
  for (size_t i = 0; i < a.size(); ++i) a[i] = float(i % 1000);
  float *da, *dt;
  CHECK(cudaMalloc(&da, a.size() * sizeof(float)));
  CHECK(cudaMalloc(&dt, a.size() * sizeof(float)));
  CHECK(cudaMemcpy(da, a.data(), a.size() * sizeof(float), cudaMemcpyHostToDevice));
  const dim3 tile(32, 32), tiles((m + 31) / 32, (m + 31) / 32);
  const float unpadded = gpu_ms([&] { transpose<0><<<tiles, tile>>>(m, da, dt); });
  const float padded = gpu_ms([&] { transpose<1><<<tiles, tile>>>(m, da, dt); });
  CHECK(cudaMemcpy(t.data(), dt, t.size() * sizeof(float), cudaMemcpyDeviceToHost));
  bool transposed = true;
  for (int r = 0; r < m && transposed; r += 7)
    for (int c = 0; c < m; ++c) transposed = transposed && t[size_t(c) * m + r] == a[size_t(r) * m + c];
  expect(transposed, "transpose");
  std::printf("3. transpose %d x %d: tile[32][32] %.3f ms, tile[32][33] %.3f ms (GPU time): %.2fx\n", m, m, unpadded, padded,
              unpadded / padded);

  // 4. Atomics, on skewed bytes (half of them 0).
  std::vector<unsigned char> bytes(n);
  std::vector<unsigned> want(256, 0), got(256);
  for (int i = 0; i < n; ++i) bytes[i] = (i % 2) ? (unsigned char)((i * 2654435761u) >> 24) : 0, ++want[bytes[i]];
  unsigned char* dbytes;
  unsigned* dbins;
  CHECK(cudaMalloc(&dbytes, n));
  CHECK(cudaMalloc(&dbins, 256 * sizeof(unsigned)));
  CHECK(cudaMemcpy(dbytes, bytes.data(), n, cudaMemcpyHostToDevice));
  int sms = 0;
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  const int grid = 4 * sms;
  float ms[2];
  for (int side = 0; side < 2; ++side) {
    ms[side] = gpu_ms([&] {
      if (side == 0) histogram_global<<<grid, kThreads>>>(n, dbytes, dbins);
      else histogram_shared<<<grid, kThreads>>>(n, dbytes, dbins);
    });
    CHECK(cudaMemset(dbins, 0, 256 * sizeof(unsigned)));
    if (side == 0) histogram_global<<<grid, kThreads>>>(n, dbytes, dbins);
    else histogram_shared<<<grid, kThreads>>>(n, dbytes, dbins);
    CHECK_LAUNCH();
    CHECK(cudaMemcpy(got.data(), dbins, 256 * sizeof(unsigned), cudaMemcpyDeviceToHost));
    expect(got == want, side == 0 ? "histogram_global" : "histogram_shared");
  }
  std::printf("4. histogram of %d skewed bytes: global atomics %.3f ms, shared bins %.3f ms (GPU time): %.2fx\n", n, ms[0],
              ms[1], ms[0] / ms[1]);

  for (void* p : {(void*)dx, (void*)dy, (void*)dmasks, (void*)din, (void*)dout, (void*)da, (void*)dt, (void*)dbytes, (void*)dbins})
    CHECK(cudaFree(p));
  std::printf("%s\n", wrong == 0 ? "OK" : "MISMATCH");
  return wrong == 0 ? 0 : 1;
}
