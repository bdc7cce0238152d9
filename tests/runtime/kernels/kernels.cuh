// Test kernels of the runtime: plain CUDA, compiled by nvcc for the GPU tests and by the host
// compiler with the emulation header for the emulator tests. Each one makes one property of the
// CUDA execution model observable from the host.

// Every thread writes the 12 built-in coordinates it sees: threadIdx, blockIdx, blockDim, gridDim.
__global__ void record_indices(unsigned int* out) {
  const unsigned int block = blockIdx.x + blockIdx.y * gridDim.x + blockIdx.z * gridDim.x * gridDim.y;
  const unsigned int thread = threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y;
  const unsigned int threads_per_block = blockDim.x * blockDim.y * blockDim.z;
  unsigned int* slot = out + (block * threads_per_block + thread) * 12;
  slot[0] = threadIdx.x;
  slot[1] = threadIdx.y;
  slot[2] = threadIdx.z;
  slot[3] = blockIdx.x;
  slot[4] = blockIdx.y;
  slot[5] = blockIdx.z;
  slot[6] = blockDim.x;
  slot[7] = blockDim.y;
  slot[8] = blockDim.z;
  slot[9] = gridDim.x;
  slot[10] = gridDim.y;
  slot[11] = gridDim.z;
}

// Each round, every thread writes a value, meets the others at a barrier, and checks the value a
// neighbour wrote before it; the second barrier keeps the next round's writes from racing the
// reads. out[global thread] = how many reads saw a wrong value (0 when barriers work).
__global__ void barrier_rounds(int* out, int rounds) {
  __shared__ int values[1024];
  const int thread = threadIdx.x;
  const int threads = blockDim.x;
  int wrong_reads = 0;
  for (int round = 0; round < rounds; ++round) {
    values[thread] = round * 100000 + static_cast<int>(blockIdx.x) * 1000 + thread;
    __syncthreads();
    const int neighbour = (thread + round + 1) % threads;
    if (values[neighbour] != round * 100000 + static_cast<int>(blockIdx.x) * 1000 + neighbour) ++wrong_reads;
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + thread] = wrong_reads;
}

// Every block fills its __shared__ tile with its own id, many times over, and counts entries that
// another block overwrote. Thread 0 traces the block's start (kind 1) and end (kind 2), so a test
// can check that blocks really ran at the same time on different workers.
__global__ void shared_isolation(int* mismatches, int rounds, cudalab::Trace trace) {
  __shared__ int tile[256];
  const int thread = threadIdx.x;
  if (thread == 0) trace.record(1);
  int wrong = 0;
  for (int round = 0; round < rounds; ++round) {
    tile[thread] = static_cast<int>(blockIdx.x) * 1000 + round;
    __syncthreads();
    for (int i = 0; i < static_cast<int>(blockDim.x); ++i)
      if (tile[i] != static_cast<int>(blockIdx.x) * 1000 + round) ++wrong;
    __syncthreads();
  }
  mismatches[blockIdx.x * blockDim.x + thread] = wrong;
  if (thread == 0) trace.record(2);
}

// Reverses each block's slice of `data` through dynamic shared memory (launch with
// blockDim.x * sizeof(int) bytes of it).
__global__ void dynamic_reverse(int* data) {
  extern __shared__ int reversed[];
  const int thread = threadIdx.x;
  const int threads = blockDim.x;
  int* slice = data + blockIdx.x * threads;
  reversed[thread] = slice[thread];
  __syncthreads();
  slice[thread] = reversed[threads - 1 - thread];
}

// The same through a function template: `extern __shared__` in a template is where g++ 12 once
// called a TLS-init function that does not exist (the emulator units are built with
// -fno-extern-tls-init for it; see lessons/CMakeLists.txt).
template <int kStride>
__device__ void reverse_in_shared(int* slice) {
  extern __shared__ int reversed_in_template[];
  const int thread = threadIdx.x * kStride;
  const int threads = blockDim.x * kStride;
  reversed_in_template[thread] = slice[thread];
  __syncthreads();
  slice[thread] = reversed_in_template[threads - kStride - thread];
}

__global__ void dynamic_reverse_template(int* data) {
  reverse_in_shared<1>(data + blockIdx.x * blockDim.x);
}

// Inclusive prefix sums of each block's slice (Hillis-Steele, double-buffered in shared memory):
// many barriers and a result that depends on every one of them.
__global__ void block_prefix_sum(const int* in, int* out) {
  __shared__ int buffers[2][1024];
  const int thread = threadIdx.x;
  const int base = blockIdx.x * blockDim.x;
  int source = 0;
  buffers[source][thread] = in[base + thread];
  __syncthreads();
  for (int offset = 1; offset < static_cast<int>(blockDim.x); offset *= 2) {
    const int target = 1 - source;
    int value = buffers[source][thread];
    if (thread >= offset) value += buffers[source][thread - offset];
    buffers[target][thread] = value;
    __syncthreads();
    source = target;
  }
  out[base + thread] = buffers[source][thread];
}

// CUDA has no atomicMin/atomicMax for float; this is the usual compare-and-swap loop.
__device__ float atomic_min_float(float* address, float value) {
  int* bits = reinterpret_cast<int*>(address);
  int old = atomicAdd(bits, 0);
  while (__int_as_float(old) > value) {
    const int assumed = old;
    old = atomicCAS(bits, assumed, __float_as_int(value));
    if (old == assumed) break;
  }
  return __int_as_float(old);
}
__device__ float atomic_max_float(float* address, float value) {
  int* bits = reinterpret_cast<int*>(address);
  int old = atomicAdd(bits, 0);
  while (__int_as_float(old) < value) {
    const int assumed = old;
    old = atomicCAS(bits, assumed, __float_as_int(value));
    if (old == assumed) break;
  }
  return __int_as_float(old);
}

// A value per thread, spread over negatives and positives, never the same for two threads < 10007.
__device__ int scrambled(int global_thread) { return (global_thread * 7919) % 10007 - 5000; }

// All threads hammer the same few words. ints: [0] += 1, [1] -= 2, [2] min, [3] max, [4] exch.
// uints: [0] += 3, [1] min, [2] max, [3] -= 1, [4] CAS-loop increment. floats: [0] += 0.5,
// [1] min, [2] max (CAS loops), [3] exch. old_exch[i]: what thread i's atomicExch on ints[4] saw.
__global__ void atomics_contention(int* ints, unsigned int* uints, float* floats, int* old_exch) {
  const int global_thread = blockIdx.x * blockDim.x + threadIdx.x;
  const int value = scrambled(global_thread);
  atomicAdd(&ints[0], 1);
  atomicSub(&ints[1], 2);
  atomicMin(&ints[2], value);
  atomicMax(&ints[3], value);
  old_exch[global_thread] = atomicExch(&ints[4], global_thread);

  atomicAdd(&uints[0], 3u);
  atomicMin(&uints[1], static_cast<unsigned int>(value + 5000));
  atomicMax(&uints[2], static_cast<unsigned int>(value + 5000));
  atomicSub(&uints[3], 1u);
  unsigned int seen = 0;
  for (;;) {
    const unsigned int old = atomicCAS(&uints[4], seen, seen + 1);
    if (old == seen) break;
    seen = old;
  }

  atomicAdd(&floats[0], 0.5f);
  atomic_min_float(&floats[1], value * 0.25f);
  atomic_max_float(&floats[2], value * 0.25f);
  atomicExch(&floats[3], static_cast<float>(global_thread));
}

__global__ void print_hello() {
  printf("hello from thread %d of block %d\n", static_cast<int>(threadIdx.x), static_cast<int>(blockIdx.x));
}

// What device printf returns: the number of arguments it was given (CUDA: "the number of
// arguments parsed"), on both backends.
__global__ void printf_returns(int* out) {
  out[0] = printf("no arguments\n");
  out[1] = printf("%d and %f\n", 1, 2.0);
  out[2] = printf("%5.2f|%s|%c|%%\n", 3.14159, "text", 'x');
  out[3] = printf("%*d\n", 4, 7);
}

// One trace event per thread: kind 7, payload = (threadIdx.x, blockIdx.x).
__global__ void trace_every_thread(cudalab::Trace trace) {
  trace.record(7, static_cast<int>(threadIdx.x), static_cast<int>(blockIdx.x));
}

// __syncthreads_count / _and / _or: out[3 * global thread + k].
__global__ void barrier_votes(int* out) {
  const int global_thread = blockIdx.x * blockDim.x + threadIdx.x;
  const int multiple_of_three = __syncthreads_count(threadIdx.x % 3 == 0);
  const int all_below_limit = __syncthreads_and(threadIdx.x < 1000);
  const int any_is_seven = __syncthreads_or(threadIdx.x == 7);
  out[3 * global_thread + 0] = multiple_of_three;
  out[3 * global_thread + 1] = all_below_limit;
  out[3 * global_thread + 2] = any_is_seven;
}

// Thread 0 of block 0 spins until the host sets *flag (or gives up after spin_limit polls) and
// writes 1 (saw the flag) or 2 (gave up) to *done. Shows that a launch returns before its kernel
// ends: the host can still see *done == 0 after launch() returned.
__global__ void wait_for_flag(int* flag, int* done, long long spin_limit) {
  if (threadIdx.x != 0 || blockIdx.x != 0) return;
  long long spins = 0;
  while (atomicAdd(flag, 0) == 0 && spins < spin_limit) ++spins;
  atomicExch(done, spins < spin_limit ? 1 : 2);
}

// Thread 3 of block 1 traps after the block's first barrier; the others write 1.
__global__ void trap_in_one_thread(int* out) {
  __syncthreads();
  if (blockIdx.x == 1 && threadIdx.x == 3) __trap();
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = 1;
}

// Doubles every element: no barrier, so the emulator runs it at plain-loop speed.
__global__ void scale_by_two(float* data, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] = 2.0f * data[i];
}

// --- Divergent barriers: undefined behaviour in CUDA (a GPU may hang or give wrong results); the
// emulator reports them. Only block `bad_block` diverges, so a test knows which block to expect.

// Threads 0-15 of the bad block return before the barrier.
__global__ void early_return(int* out, int bad_block) {
  if (static_cast<int>(blockIdx.x) == bad_block && threadIdx.x < 16) return;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = 1;
}

// In the bad block, only threads below 40 enter the if that holds the barrier.
__global__ void barrier_in_if(int* out, int bad_block) {
  const unsigned int limit = static_cast<int>(blockIdx.x) == bad_block ? 40u : blockDim.x;
  if (threadIdx.x < limit) {
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = 1;
}

// In the bad block, threads from 32 on wait at a different __syncthreads() than threads 0-31.
__global__ void barrier_sites(int* out, int bad_block) {
  if (static_cast<int>(blockIdx.x) == bad_block && threadIdx.x >= 32) {
    __syncthreads();
  } else {
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = 1;
}

// Every thread passes the first barrier; then thread 5 of the bad block returns before the second.
__global__ void late_return(int* out, int bad_block) {
  __syncthreads();
  if (static_cast<int>(blockIdx.x) == bad_block && threadIdx.x == 5) return;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = 1;
}
