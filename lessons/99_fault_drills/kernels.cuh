// Fault drills: kernels that go wrong on purpose, one way each. They prove that nothing a kernel
// does can hang, crash or corrupt the app: each runs in the worker process, which reports what
// happened and is replaced for the next run.
// A kernel file that brings in the C library assert itself (NDEBUG off so that it fires).
#undef NDEBUG
#include <cassert>

// Never ends: the host's flag is never set. Only killing the process stops it.
__global__ void spin_forever(volatile int* never_set) {
  while (*never_set == 0) {
  }
}

// Stops the kernel on the spot: on a GPU a sticky error that ends the context.
__global__ void trap_now() {
  __trap();
}

// Every thread writes `past_end` elements beyond the last element of `data`.
__global__ void write_past_end(int* data, int n, int past_end) {
  data[n - 1 + past_end] = threadIdx.x;
}

// Every thread reads `past_end` elements beyond the last element of `data`.
__global__ void read_past_end(const int* data, int n, int past_end, int* out) {
  out[threadIdx.x] = data[n - 1 + past_end];
}

// Uses `floats` floats of dynamic shared memory, whatever the launch asked for.
__global__ void use_dynamic_shared(int floats, float* out) {
  extern __shared__ float scratch[];
  for (int i = threadIdx.x; i < floats; i += blockDim.x) scratch[i] = static_cast<float>(i);
  __syncthreads();
  out[threadIdx.x] = scratch[(threadIdx.x * 7) % floats];
}

// A device assert that fails in one thread.
__global__ void failing_assert(int n) {
  assert(threadIdx.x < n);
}

// Half the block waits at a barrier the other half never reaches.
__global__ void divergent_barrier(int* out) {
  if (threadIdx.x < blockDim.x / 2) {
    __syncthreads();
  }
  out[threadIdx.x] = 1;
}
