// A strip that does not fit whole is skipped: with m = 50 the rows 48 and 49 are never computed.
// Check each row of the strip, not the strip as a whole.
__global__ void mat_mul_x4(const float* a, const float* b, float* c, int m, int n, int k) {
  const int col = blockIdx.x * 32 + threadIdx.x;
  const int row = blockIdx.y * 32 + 4 * threadIdx.y;
  if (col >= n || row + 3 >= m) return;
  float sums[4] = {0.f, 0.f, 0.f, 0.f};
  for (int kk = 0; kk < k; ++kk) {
    const float x = b[kk * n + col];
    for (int t = 0; t < 4; ++t) sums[t] += a[(row + t) * k + kk] * x;
  }
  for (int t = 0; t < 4; ++t) c[(row + t) * n + col] = sums[t];
}
