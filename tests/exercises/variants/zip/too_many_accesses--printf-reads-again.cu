#include <cstdio>

// The debugging printf reads a[i] and b[i] a second time.
__global__ void add(const float* a, const float* b, float* out) {
  int i = threadIdx.x;
  out[i] = a[i] + b[i];
  if (i < 4) printf("%d: %f + %f\n", i, a[i], b[i]);
}
