#include <cassert>

// The student asserts that the matrix fills the block, then drops the guard.
__global__ void plus_one(const float* a, float* out, int size) {
  assert(size == blockDim.x);
  int col = threadIdx.x;
  int row = threadIdx.y;
  out[row * size + col] = a[row * size + col] + 1.f;
}
