// The guard compares the row with n, the length of a row, instead of m, the number of rows: the
// rows from n on are never computed.
__global__ void mat_vec(const float* a, const float* x, float* y, int m, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float sum = 0.f;
    for (int k = 0; k < n; ++k) sum += a[i * n + k] * x[k];
    y[i] = sum;
  }
}
