// A barrier, but before the copy: nothing orders the copy of one warp and the read of another.
__global__ void swap_halves(const float* a, float* out, int n) {
  __shared__ float chunk[256];
  const int t = threadIdx.x;
  const int start = blockIdx.x * blockDim.x;
  const int i = start + t;
  __syncthreads();
  if (i < n) chunk[t] = a[i];
  const int partner = t ^ 128;
  if (i < n) out[i] = (start + partner < n) ? chunk[partner] : chunk[t];
}
