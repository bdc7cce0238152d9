// extern __shared__ takes its size from the launch, and this launch gives it none.
__global__ void reverse_blocks(const float* a, float* out, int n) {
  extern __shared__ float chunk[];
  const int t = threadIdx.x;
  const int start = blockIdx.x * blockDim.x;
  const int i = start + t;
  const int L = min(256, n - start);
  if (i < n) chunk[t] = a[i];
  __syncthreads();
  if (t < L) out[i] = chunk[L - 1 - t];
}
