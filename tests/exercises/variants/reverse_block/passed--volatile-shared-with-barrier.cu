// volatile on the shared array is not needed (the barrier orders the accesses), but it is valid.
__global__ void reverse_blocks(const float* a, float* out, int n) {
  volatile __shared__ float chunk[256];
  const int t = threadIdx.x;
  const int start = blockIdx.x * blockDim.x;
  const int i = start + t;
  const int L = min(256, n - start);
  if (i < n) chunk[t] = a[i];
  __syncthreads();
  if (t < L) out[i] = chunk[L - 1 - t];
}
