// The chunk size from a macro, for the array and the index alike.
#define CHUNK 256

__global__ void reverse_blocks(const float* a, float* out, int n) {
  __shared__ float chunk[CHUNK];
  const int t = threadIdx.x;
  const int start = blockIdx.x * CHUNK;
  const int i = start + t;
  const int L = min(CHUNK, n - start);
  if (i < n) chunk[t] = a[i];
  __syncthreads();
  if (t < L) out[i] = chunk[L - 1 - t];
}
