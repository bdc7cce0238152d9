#include <cstdio>

// square every element, one thread each
__global__ void square(const float* a, float* out) {
  int i = threadIdx.x;
  if (i == 0) printf("block has %d threads\n", blockDim.x);  // debugging, forgot to take it out
  out[i] = a[i] * a[i];
}
