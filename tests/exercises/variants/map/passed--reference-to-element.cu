__global__ void square(const float* a, float* out) {
  const float& x = a[threadIdx.x];
  float& y = out[threadIdx.x];
  y = x * x;
}
