// Reads its five neighbours straight from a: right, but five reads per thread.
__global__ void average5(const float* a, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float sum = 0.f;
  for (int j = i - 2; j <= i + 2; ++j)
    if (j >= 0 && j < n) sum += a[j];
  out[i] = sum / 5.f;
}
