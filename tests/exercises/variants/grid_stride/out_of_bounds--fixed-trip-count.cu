// Always does 10 steps, as if n were 5120: past the end as soon as n is smaller.
__global__ void halve(const float* a, float* out, int n) {
  const int stride = blockDim.x * gridDim.x;
  const int start = threadIdx.x + blockIdx.x * blockDim.x;
  for (int step = 0; step < 10; ++step) out[start + step * stride] = a[start + step * stride] / 2.f;
}
