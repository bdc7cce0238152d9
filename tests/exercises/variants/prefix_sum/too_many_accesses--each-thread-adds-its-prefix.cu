// Each thread adds up its own prefix from a: right, but up to 256 reads per thread.
__global__ void block_scan(const int* a, int* out, int n) {
  const int start = blockIdx.x * blockDim.x;
  const int i = start + threadIdx.x;
  if (i >= n) return;
  int total = 0;
  for (int j = start; j <= i; ++j) total += a[j];
  out[i] = total;
}
