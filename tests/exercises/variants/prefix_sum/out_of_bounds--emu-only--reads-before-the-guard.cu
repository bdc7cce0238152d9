// The read of sums[t - offset] happens before the test t >= offset: thread 0 reads sums[-1].
__global__ void block_scan(const int* a, int* out, int n) {
  __shared__ int sums[256];
  const int t = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + t;
  sums[t] = (i < n) ? a[i] : 0;
  __syncthreads();
  for (int offset = 1; offset < blockDim.x; offset *= 2) {
    const int earlier = sums[t - offset];
    __syncthreads();
    if (t >= offset) sums[t] += earlier;
    __syncthreads();
  }
  if (i < n) out[i] = sums[t];
}
