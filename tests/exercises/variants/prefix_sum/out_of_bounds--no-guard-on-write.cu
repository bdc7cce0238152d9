// The final write has no guard: the idle threads of the last block write past the end of out.
__global__ void block_scan(const int* a, int* out, int n) {
  __shared__ int sums[256];
  const int t = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + t;
  sums[t] = (i < n) ? a[i] : 0;
  __syncthreads();
  for (int offset = 1; offset < blockDim.x; offset *= 2) {
    const int earlier = (t >= offset) ? sums[t - offset] : 0;
    __syncthreads();
    sums[t] += earlier;
    __syncthreads();
  }
  out[i] = sums[t];
}
