// n threads, n elements: the check below never fires, but it does no harm
__global__ void add(const float* __restrict__ a, const float* __restrict__ b, float* __restrict__ out) {
  const unsigned i = threadIdx.x;
  if (i >= blockDim.x) return;
  out[i] = b[i] + a[i];
}
