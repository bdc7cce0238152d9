// The size written as 2 * 128, and no barrier between the copy and the reversed read.
__global__ void reverse_blocks(const float* a, float* out, int n) {
  __shared__ float chunk[2 * 128];
  const int t = threadIdx.x;
  const int start = blockIdx.x * blockDim.x;
  const int i = start + t;
  const int L = min(256, n - start);
  if (i < n) chunk[t] = a[i];
  if (t < L) out[i] = chunk[L - 1 - t];
}
