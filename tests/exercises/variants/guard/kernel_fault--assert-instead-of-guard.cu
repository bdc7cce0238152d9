#include <cassert>

// An assert is not a guard: the idle threads of the last block trip it.
__global__ void add_ten(const float* a, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  assert(i < n);
  out[i] = a[i] + 10.f;
}
