__global__ void reverse_blocks(const int* a, int* out, int n) {
  __shared__ int chunk[256];
  const int t = threadIdx.x;
  const int start = blockIdx.x * blockDim.x;
  const int i = start + t;
  const int L = min(256, n - start);
  if (i < n) chunk[t] = a[i];
  __syncthreads();
  if (t < L) out[i] = chunk[L - 1 - t];
}
