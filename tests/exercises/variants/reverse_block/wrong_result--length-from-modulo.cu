// L = n % 256: the length of the last chunk, used for every chunk (and 0 when n is a multiple
// of 256).
__global__ void reverse_blocks(const float* a, float* out, int n) {
  __shared__ float chunk[256];
  const int t = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + t;
  const int L = n % 256;
  if (i < n) chunk[t] = a[i];
  __syncthreads();
  if (t < L) out[i] = chunk[L - 1 - t];
}
