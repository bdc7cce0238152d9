// The strip starts at row ty instead of 4 * ty: neighbouring threads' strips overlap (rows 1–4,
// 2–5, …) and rows 11 to 31 of every tile are never written.
__global__ void mat_mul_x4(const float* a, const float* b, float* c, int m, int n, int k) {
  const int col = blockIdx.x * 32 + threadIdx.x;
  const int row = blockIdx.y * 32 + threadIdx.y;
  if (col >= n || row >= m) return;
  float sums[4] = {0.f, 0.f, 0.f, 0.f};
  for (int kk = 0; kk < k; ++kk) {
    const float x = b[kk * n + col];
    for (int t = 0; t < 4; ++t)
      if (row + t < m) sums[t] += a[(row + t) * k + kk] * x;
  }
  for (int t = 0; t < 4; ++t)
    if (row + t < m) c[(row + t) * n + col] = sums[t];
}
