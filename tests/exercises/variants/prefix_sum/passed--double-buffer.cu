// Two buffers, read from one and write to the other: one barrier per step is enough.
__global__ void block_scan(const int* a, int* out, int n) {
  __shared__ int sums[256];
  __shared__ int other[256];
  const int t = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + t;
  int* from = sums;
  int* to = other;
  from[t] = (i < n) ? a[i] : 0;
  __syncthreads();
  for (int d = 1; d < 256; d *= 2) {
    to[t] = (t >= d) ? from[t] + from[t - d] : from[t];
    __syncthreads();
    int* swap = from;
    from = to;
    to = swap;
  }
  if (i < n) out[i] = from[t];
}
