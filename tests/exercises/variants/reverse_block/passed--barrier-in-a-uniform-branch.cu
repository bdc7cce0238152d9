// The barrier sits inside an if, but one every thread of the block takes the same way
// (blockDim.x is the same for all of them): that is allowed.
__global__ void reverse_blocks(const float* a, float* out, int n) {
  __shared__ float chunk[256];
  const int t = threadIdx.x;
  const int start = blockIdx.x * blockDim.x;
  const int i = start + t;
  const int L = min((int)blockDim.x, n - start);
  if (i < n) chunk[t] = a[i];
  if (blockDim.x > 32) {
    __syncthreads();
  }
  if (t < L) out[i] = chunk[L - 1 - t];
}
