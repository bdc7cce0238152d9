// volatile on the shared array does not order anything between threads: the barrier is still
// missing.
__global__ void reverse_blocks(const float* a, float* out, int n) {
  volatile __shared__ float chunk[256];
  const int t = threadIdx.x;
  const int start = blockIdx.x * blockDim.x;
  const int i = start + t;
  const int L = min(256, n - start);
  if (i < n) chunk[t] = a[i];
  if (t < L) out[i] = chunk[L - 1 - t];
}
