__global__ void add_ten(const float* __restrict__ a, float* __restrict__ out, int n) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < static_cast<unsigned>(n)) out[i] = a[i] + 10.0f;
}
