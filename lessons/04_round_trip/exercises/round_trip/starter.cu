// The round trip, by hand: out = x + y, computed on the device.
#include <cuda_runtime.h>

// Given: one thread per element. Leave it as it is.
__global__ void add(const float* x, const float* y, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = x[i] + y[i];
}

// x, y and out are host arrays of n floats. Allocate device arrays, copy x and y in, launch add
// with blocks of 256 threads, check the launch, copy out back, free what you allocated. Return
// cudaSuccess, or the first error a call returned.
cudaError_t add_on_device(const float* x, const float* y, float* out, int n) {
  // TODO: the four steps of the round trip.
  return cudaSuccess;
}
