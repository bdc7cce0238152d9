// No if (i < m): the idle threads of the last block read rows of a that do not exist.
__global__ void mat_vec(const float* a, const float* x, float* y, int m, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.f;
  for (int k = 0; k < n; ++k) sum += a[i * n + k] * x[k];
  y[i] = sum;
}
