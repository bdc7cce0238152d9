// offset < 128: the step with offset 128 is missing, so the second half of each chunk lacks
// the start of the first half.
__global__ void block_scan(const int* a, int* out, int n) {
  __shared__ int sums[256];
  const int t = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + t;
  sums[t] = (i < n) ? a[i] : 0;
  __syncthreads();
  for (int offset = 1; offset < 128; offset *= 2) {
    const int earlier = (t >= offset) ? sums[t - offset] : 0;
    __syncthreads();
    sums[t] += earlier;
    __syncthreads();
  }
  if (i < n) out[i] = sums[t];
}
