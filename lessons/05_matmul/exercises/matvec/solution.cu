// y = A·x: A has m × n elements, row by row (element (i, k) is a[i * n + k]); x has n, y has m.
// Blocks of 128 threads, ceil(m / 128) blocks: thread i computes y[i], the dot product of row i of
// A with x.
__global__ void mat_vec(const float* a, const float* x, float* y, int m, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < m) {
    float sum = 0.f;
    for (int k = 0; k < n; ++k) sum += a[i * n + k] * x[k];
    y[i] = sum;  // written once
  }
}
