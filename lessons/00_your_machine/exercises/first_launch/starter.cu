// A first launch, from the host: out[i] = i * i, computed on the device.
#include <cuda_runtime.h>

// Given: one thread per element. Leave it as it is.
__global__ void square(int* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = i * i;
}

// out is a host array of n ints. Allocate a device array of n ints, launch square with blocks of
// 128 threads (enough blocks to cover n), ask cudaGetLastError() whether the launch worked, copy
// the result back into out, free what you allocated. Return cudaSuccess, or the first error a call
// returned.
cudaError_t squares_on_device(int* out, int n) {
  // TODO: allocate, launch, check, copy back, free.
  return cudaSuccess;
}
