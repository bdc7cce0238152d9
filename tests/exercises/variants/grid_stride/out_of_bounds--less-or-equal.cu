__global__ void halve(const float* a, float* out, int n) {
  int stride = blockDim.x * gridDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i <= n; i += stride) out[i] = a[i] / 2.f;
}
