// sums[t] += sums[t - offset] in place: thread t reads a slot that thread t - offset may already
// have updated in this step.
__global__ void block_scan(const int* a, int* out, int n) {
  __shared__ int sums[256];
  const int t = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + t;
  sums[t] = (i < n) ? a[i] : 0;
  __syncthreads();
  for (int offset = 1; offset < blockDim.x; offset *= 2) {
    if (t >= offset) sums[t] += sums[t - offset];
    __syncthreads();
  }
  if (i < n) out[i] = sums[t];
}
