// Kernels that exercise what only a real GPU has: printf through the app's channel, %smid and
// %globaltimer in traces, faults that need a reset, opt-in shared memory, asynchronous launches.
// Plain CUDA, compiled by nvcc only (gpu_test_kernels.cu).

__device__ __forceinline__ unsigned long long global_time_ns() {
  unsigned long long now;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
  return now;
}

__global__ void say_hello(float scale) {
  printf("block %d thread %u scale %.2f from %s\n", blockIdx.x, threadIdx.x, scale * threadIdx.x, "gpu");
}

__global__ void print_thread_numbers() {
  printf("thread %d\n", static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x));
}

// Two events per thread with a barrier between them: the second of every thread in a block must
// come after the first of every thread in that block.
__global__ void record_around_barrier(cudalab::Trace trace) {
  trace.record(0, static_cast<int>(threadIdx.x));
  __syncthreads();
  trace.record(1, static_cast<int>(threadIdx.x));
}

// The address comes from the host so the compiler cannot see it is bad and turn it into a trap.
__global__ void write_to_address(unsigned long long address, int value) {
  if (threadIdx.x == 0 && blockIdx.x == 0) *reinterpret_cast<volatile int*>(address) = value;
}

__global__ void fill_with_index(int* out, int count, int offset) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < count) out[i] = i + offset;
}

// Busy-waits `duration_ns` of GPU time, then marks `done`.
__global__ void spin_for(unsigned long long duration_ns, int* done) {
  const unsigned long long start = global_time_ns();
  while (global_time_ns() - start < duration_ns) {
  }
  if (threadIdx.x == 0) *done = 1;
}

// Stages `count` ints in dynamic shared memory (more than 48 KiB needs the opt-in) and writes
// them back reversed.
__global__ void reverse_through_shared(const int* in, int* out, int count) {
  extern __shared__ int staged[];
  for (int i = static_cast<int>(threadIdx.x); i < count; i += static_cast<int>(blockDim.x)) staged[i] = in[i];
  __syncthreads();
  for (int i = static_cast<int>(threadIdx.x); i < count; i += static_cast<int>(blockDim.x)) out[i] = staged[count - 1 - i];
}
