// Two shared arrays in one declaration; the second one holds a copy nobody reads. Valid.
__global__ void reverse_blocks(const float* a, float* out, int n) {
  __shared__ float chunk[256], spare[256];
  const int t = threadIdx.x;
  const int start = blockIdx.x * blockDim.x;
  const int i = start + t;
  const int L = min(256, n - start);
  if (i < n) chunk[t] = a[i];
  spare[t] = 0.f;
  __syncthreads();
  if (t < L) out[i] = chunk[L - 1 - t];
}
