// Correct, with the strip's rows spread out: rows ty, ty + 8, ty + 16 and ty + 24 of the tile
// instead of 4 neighbouring ones. Each b element read is still used for the 4 sums.
__global__ void mat_mul_x4(const float* a, const float* b, float* c, int m, int n, int k) {
  const int col = blockIdx.x * 32 + threadIdx.x;
  const int row = blockIdx.y * 32 + threadIdx.y;
  if (col >= n || row >= m) return;
  float sums[4] = {0.f, 0.f, 0.f, 0.f};
  for (int kk = 0; kk < k; ++kk) {
    const float x = b[kk * n + col];
    for (int t = 0; t < 4; ++t)
      if (row + 8 * t < m) sums[t] += a[(row + 8 * t) * k + kk] * x;
  }
  for (int t = 0; t < 4; ++t)
    if (row + 8 * t < m) c[(row + 8 * t) * n + col] = sums[t];
}
