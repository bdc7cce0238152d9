// __syncthread() (no s) is not a CUDA function: the compiler stops at the unknown name.
__global__ void swap_halves(const float* a, float* out, int n) {
  __shared__ float chunk[256];
  const int t = threadIdx.x;
  const int start = blockIdx.x * blockDim.x;
  const int i = start + t;
  if (i < n) chunk[t] = a[i];
  __syncthread();
  const int partner = t ^ 128;
  if (i < n) out[i] = (start + partner < n) ? chunk[partner] : chunk[t];
}
