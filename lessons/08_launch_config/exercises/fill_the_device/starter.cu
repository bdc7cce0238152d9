// Launch as many blocks as the device holds: y = a * x + y with a grid-stride kernel.
#include <cuda_runtime.h>

// Given: a grid-stride loop, so any number of blocks covers any n. Leave it as it is.
__global__ void saxpy(const float* x, float* y, int n, float a) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) y[i] = a * x[i] + y[i];
}

// x and y are host arrays of n floats. Ask the device how many SMs it has
// (cudaDeviceGetAttribute) and how many blocks of 256 threads of saxpy one SM holds at once
// (cudaOccupancyMaxActiveBlocksPerMultiprocessor); launch exactly SMs × that many blocks of 256.
// Copy x and y in, check the launch, copy y back, free what you allocated. Return cudaSuccess,
// or the first error a call returned.
cudaError_t saxpy_resident(const float* x, float* y, int n, float a) {
  // TODO: ask the runtime for the grid, then the round trip.
  return cudaSuccess;
}
