// A __shared__ array needs a size (or extern and a size at the launch).
__global__ void reverse_blocks(const float* a, float* out, int n) {
  __shared__ float chunk[];
  const int t = threadIdx.x;
  const int start = blockIdx.x * blockDim.x;
  const int i = start + t;
  const int L = min(256, n - start);
  if (i < n) chunk[t] = a[i];
  __syncthreads();
  if (t < L) out[i] = chunk[L - 1 - t];
}
