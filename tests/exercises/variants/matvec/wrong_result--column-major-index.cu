// A is stored row by row: element (i, k) is a[i * n + k], not a[k * m + i] (that would be A stored
// column by column).
__global__ void mat_vec(const float* a, const float* x, float* y, int m, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < m) {
    float sum = 0.f;
    for (int k = 0; k < n; ++k) sum += a[k * m + i] * x[k];
    y[i] = sum;
  }
}
