__global__ void block_scan(const int* a, int* out, int n) {
  __shared__ int sums[256];
  unsigned t = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + t;
  sums[t] = i < (unsigned)n ? a[i] : 0;
  __syncthreads();
  unsigned d = 1;
  while (d < blockDim.x) {
    int add = 0;
    if (t >= d) add = sums[t - d];
    __syncthreads();  // all reads of this step before any write
    sums[t] += add;
    __syncthreads();  // all writes before the next step
    d <<= 1;
  }
  if (i < (unsigned)n) out[i] = sums[t];
}
