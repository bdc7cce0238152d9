// Correct, but the strip lies along a row of c (4 neighbouring columns): a[row * k + kk] is read
// once for 4 sums, b four times, once per column. The exercise's strip shares b, read 4 times less.
__global__ void mat_mul_x4(const float* a, const float* b, float* c, int m, int n, int k) {
  const int col = blockIdx.x * 32 + 4 * (threadIdx.x % 8);
  const int row = blockIdx.y * 32 + 4 * threadIdx.y + threadIdx.x / 8;
  if (row >= m || col >= n) return;
  float sums[4] = {0.f, 0.f, 0.f, 0.f};
  for (int kk = 0; kk < k; ++kk) {
    const float x = a[row * k + kk];
    for (int t = 0; t < 4; ++t)
      if (col + t < n) sums[t] += x * b[kk * n + col + t];
  }
  for (int t = 0; t < 4; ++t)
    if (col + t < n) c[row * n + col + t] = sums[t];
}
