// The barrier is inside `if (i < n)`: in the shorter last chunk, the idle threads never reach it.
__global__ void swap_halves(const float* a, float* out, int n) {
  __shared__ float chunk[256];
  const int t = threadIdx.x;
  const int start = blockIdx.x * blockDim.x;
  const int i = start + t;
  if (i < n) {
    chunk[t] = a[i];
    __syncthreads();
  }
  const int partner = t ^ 128;
  if (i < n) out[i] = (start + partner < n) ? chunk[partner] : chunk[t];
}
