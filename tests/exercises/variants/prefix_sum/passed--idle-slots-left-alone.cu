// Idle threads of the last chunk never store their slot. That is fine: the places they would hold
// come after every real element, and a running total only looks backwards.
__global__ void block_scan(const int* a, int* out, int n) {
  __shared__ int sums[256];
  const int t = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + t;
  if (i < n) sums[t] = a[i];
  __syncthreads();
  for (int offset = 1; offset < blockDim.x; offset *= 2) {
    int earlier = 0;
    if (t >= offset && i < n) earlier = sums[t - offset];
    __syncthreads();
    if (i < n) sums[t] += earlier;
    __syncthreads();
  }
  if (i < n) out[i] = sums[t];
}
