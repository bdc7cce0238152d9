// chunk[L - t] instead of chunk[L - 1 - t]: thread 0 of a full chunk reads chunk[256], one past
// the end of the shared array.
__global__ void reverse_blocks(const float* a, float* out, int n) {
  __shared__ float chunk[256];
  const int t = threadIdx.x;
  const int start = blockIdx.x * blockDim.x;
  const int i = start + t;
  const int L = min(256, n - start);
  if (i < n) chunk[t] = a[i];
  __syncthreads();
  if (t < L) out[i] = chunk[L - t];
}
