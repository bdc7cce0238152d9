// offset++ instead of offset *= 2: eight steps of offsets 1 to 8 is not a scan.
__global__ void block_scan(const int* a, int* out, int n) {
  __shared__ int sums[256];
  const int t = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + t;
  sums[t] = (i < n) ? a[i] : 0;
  __syncthreads();
  for (int offset = 1, step = 0; step < 8; ++offset, ++step) {
    const int earlier = (t >= offset) ? sums[t - offset] : 0;
    __syncthreads();
    sums[t] += earlier;
    __syncthreads();
  }
  if (i < n) out[i] = sums[t];
}
