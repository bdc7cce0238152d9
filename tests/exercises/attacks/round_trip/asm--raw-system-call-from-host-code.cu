// Host code that would write the worker's "done" message itself with a raw system call, spelled by
// token pasting so that no text search finds `asm` and no import shows it. Refused: in a checked
// file, inline assembly is poisoned.
#include <cuda_runtime.h>

__global__ void add(const float* x, const float* y, float* out, int n) {}

#define CAT(x, y) x##y
cudaError_t add_on_device(const float* x, const float* y, float* out, int n) {
  long ret;
  CAT(__as, m__) volatile("syscall" : "=a"(ret) : "a"(39L) : "rcx", "r11", "memory");  // getpid
  return cudaSuccess;
}
