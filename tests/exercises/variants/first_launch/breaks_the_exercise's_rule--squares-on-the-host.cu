// Computes the squares on the host: the right numbers, but the device never runs square.
#include <cuda_runtime.h>

__global__ void square(int* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = i * i;
}

cudaError_t squares_on_device(int* out, int n) {
  for (int i = 0; i < n; ++i) out[i] = i * i;
  return cudaGetLastError();
}
