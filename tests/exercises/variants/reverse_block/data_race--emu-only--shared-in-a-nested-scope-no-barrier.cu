// The shared array declared inside a block of its own, and no barrier between copy and read.
__global__ void reverse_blocks(const float* a, float* out, int n) {
  const int t = threadIdx.x;
  const int start = blockIdx.x * blockDim.x;
  const int i = start + t;
  const int L = min(256, n - start);
  {
    __shared__ float chunk[256];
    if (i < n) chunk[t] = a[i];
    if (t < L) out[i] = chunk[L - 1 - t];
  }
}
