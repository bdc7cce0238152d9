#include <cstdio>

__global__ void reverse_blocks(const float* a, float* out, int n) {
  __shared__ float chunk[256];
  const int t = threadIdx.x;
  const int start = blockIdx.x * blockDim.x;
  const int i = start + t;
  const int L = min(256, n - start);
  if (i < n) chunk[t] = a[i];
  __syncthreads();
  if (blockIdx.x == 0 && t == 0) printf("chunk[0] = %f\n", chunk[0]);
  if (t < L) out[i] = chunk[L - 1 - t];
}
