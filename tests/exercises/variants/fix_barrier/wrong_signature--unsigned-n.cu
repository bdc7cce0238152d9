// n declared unsigned: the parameters must stay the starter's.
__global__ void swap_halves(const float* a, float* out, unsigned n) {
  __shared__ float chunk[256];
  const unsigned t = threadIdx.x;
  const unsigned start = blockIdx.x * blockDim.x;
  const unsigned i = start + t;
  if (i < n) chunk[t] = a[i];
  __syncthreads();
  const unsigned partner = t ^ 128;
  if (i < n) out[i] = (start + partner < n) ? chunk[partner] : chunk[t];
}
