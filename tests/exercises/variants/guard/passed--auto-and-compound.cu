__global__ void add_ten(const float* a, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  auto v = a[i];
  v += 10.0f;
  out[i] = v;
}
