__global__ void add_ten(const float* a, float* out, int n) {
  const int base = blockIdx.x * blockDim.x;
  const float* in_block = a + base;
  float* out_block = out + base;
  const int t = threadIdx.x;
  if (base + t < n) out_block[t] = in_block[t] + 10.0f;
}
