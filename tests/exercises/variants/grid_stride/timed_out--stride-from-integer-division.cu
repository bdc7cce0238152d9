// gridDim.x / blockDim.x is 4 / 128 = 0 in integer division: no thread ever moves on.
__global__ void halve(const float* a, float* out, int n) {
  const int stride = gridDim.x / blockDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) out[i] = a[i] / 2.f;
}
