// Count the passes first: ceil(n / threads in the grid), then check each one.
__global__ void halve(const float* a, float* out, int n) {
  const int threads = blockDim.x * gridDim.x;
  const int passes = (n + threads - 1) / threads;
  const int first = blockIdx.x * blockDim.x + threadIdx.x;
  for (int p = 0; p < passes; ++p) {
    const int i = first + p * threads;
    if (i < n) out[i] = a[i] / 2;
  }
}
