// The sum is kept in an int: each step drops the fractional part of the running sum.
__global__ void mat_vec(const float* a, const float* x, float* y, int m, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < m) {
    int sum = 0;
    for (int k = 0; k < n; ++k) sum += a[i * n + k] * x[k];
    y[i] = sum;
  }
}
