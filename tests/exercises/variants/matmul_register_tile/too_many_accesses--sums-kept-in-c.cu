// Right values, but the four sums are kept in c itself: c[...] += … reads and writes c at every
// step kk, k times each, where registers would hold them and c be written once at the end.
__global__ void mat_mul_x4(const float* a, const float* b, float* c, int m, int n, int k) {
  const int col = blockIdx.x * 32 + threadIdx.x;
  const int row = blockIdx.y * 32 + 4 * threadIdx.y;
  if (col >= n || row >= m) return;
  for (int kk = 0; kk < k; ++kk) {
    const float x = b[kk * n + col];
    for (int t = 0; t < 4; ++t)
      if (row + t < m) c[(row + t) * n + col] += a[(row + t) * k + kk] * x;
  }
}
