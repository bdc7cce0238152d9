// The idle threads of the last block return before the barrier the others wait at.
__global__ void reverse_blocks(const float* a, float* out, int n) {
  __shared__ float chunk[256];
  const int t = threadIdx.x;
  const int start = blockIdx.x * blockDim.x;
  const int i = start + t;
  if (i >= n) return;
  const int L = min(256, n - start);
  chunk[t] = a[i];
  __syncthreads();
  out[i] = chunk[L - 1 - t];
}
