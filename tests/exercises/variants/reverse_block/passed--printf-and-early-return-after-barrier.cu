#include <cstdio>

__global__ void reverse_blocks(const float* a, float* out, int n) {
  __shared__ float chunk[256];
  const int t = threadIdx.x;
  const int start = blockIdx.x * 256;
  const int i = start + t;
  int L = 256;
  if (start + L > n) L = n - start;  // last chunk
  if (t == 0 && blockIdx.x == gridDim.x - 1) printf("last chunk: %d elements\n", L);

  if (i < n) chunk[t] = a[i];
  __syncthreads();
  if (i >= n) return;  // after the barrier, leaving is fine
  out[i] = chunk[L - 1 - t];
}
