#include <cstdio>

__global__ void scale(const float* a, float* out, float k) {
  const int total = gridDim.x * blockDim.x;  // n, since n is a multiple of the block size
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= total) {
    printf("thread %d has no element\n", i);  // never printed
    return;
  }
  out[i] = k * a[i];
}
