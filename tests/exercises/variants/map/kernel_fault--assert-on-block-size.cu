#include <cassert>

// The student believed every test launches 32 threads and asserted it.
__global__ void square(const float* a, float* out) {
  assert(blockDim.x == 32);
  const int i = threadIdx.x;
  out[i] = a[i] * a[i];
}
