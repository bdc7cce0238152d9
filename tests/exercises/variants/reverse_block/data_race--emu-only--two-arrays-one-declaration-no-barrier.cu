// Two shared arrays in one declaration, and no barrier between the copy and the reversed read.
__global__ void reverse_blocks(const float* a, float* out, int n) {
  __shared__ float chunk[256], unused[256];
  const int t = threadIdx.x;
  const int start = blockIdx.x * blockDim.x;
  const int i = start + t;
  const int L = min(256, n - start);
  if (i < n) chunk[t] = a[i];
  unused[t] = 0.f;
  if (t < L) out[i] = chunk[L - 1 - t];
}
