// Chapter 1: hello kernel.
// Three kernels: one that says hello from every thread, one that keeps the device busy for a while
// (to show that a launch does not wait), and one that calls a device function.
#include <cudalab/device_time.cuh>
#include <cudalab/trace.cuh>

#include "trace_kinds.h"
using cudalab::device_time_ns;

// A kernel: marked __global__, launched by the host, and run once by every thread of the grid.
// threadIdx.x says which thread of its block this is, blockIdx.x which block of the grid.
__global__ void hello(cudalab::Trace trace) {
  printf("hello from thread %d of block %d\n", threadIdx.x, blockIdx.x);
  trace.record(kThreadRan, threadIdx.x, blockIdx.x);
}

// Busy on the device for `microseconds`, then writes the answer the host is waiting for into
// memory the host can read at any moment (page-locked host memory).
// device_time_ns() reads the GPU's nanosecond clock (the %globaltimer register; the chapter's
// whole program shows the one line of inline PTX that reads it).
__global__ void spin_then_answer(unsigned int microseconds, volatile int* answer, cudalab::Trace trace) {
  trace.record(kSpinStarted);
  unsigned long long start = device_time_ns();
  while (device_time_ns() - start < microseconds * 1000ull) {
    // nothing to do but wait: this is the "long computation"
  }
  trace.record(kSpinEnded);
  *answer = 42;
}

// A device function: marked __device__, it runs on the device and only device code may call it
// (a kernel, or another device function). The host cannot call it.
__device__ int square(int x) {
  return x * x;
}

// The host launches this kernel; each of its threads calls the device function once.
__global__ void squares(int n, int* out, cudalab::Trace trace) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i < n) {
    out[i] = square(i);
    trace.record(kSquared, i, out[i]);
  }
}
