#include <cstdio>

// Folds the upper half onto the lower half, and lets the last thread of the block do the atomicAdd
// after one more barrier.
__global__ void dot(const float* a, const float* b, float* out, int n) {
  __shared__ float products[256];
  unsigned t = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + t;
  products[t] = i < (unsigned)n ? a[i] * b[i] : 0.0f;
  __syncthreads();
  for (unsigned half = blockDim.x >> 1; half >= 1; half >>= 1) {
    if (t < half) products[t] = products[t] + products[t + half];
    __syncthreads();
  }
  if (t == blockDim.x - 1) {
    // printf("block %d: %f\n", blockIdx.x, products[0]);
    atomicAdd(&out[0], products[0]);
  }
}
