// c = a · b: a is m × k, b is k × n, c is m × n, all row by row (a[row * k + kk]).
// Blocks of 32 × 8 threads, one block per 32 × 32 tile of c: ceil(n / 32) × ceil(m / 32) blocks.
// Thread (tx, ty) computes the 4 elements of column blockIdx.x * 32 + tx in the rows
// blockIdx.y * 32 + 4 * ty, + 1, + 2 and + 3: a strip of one column.
__global__ void mat_mul_x4(const float* a, const float* b, float* c, int m, int n, int k) {
  const int col = blockIdx.x * 32 + threadIdx.x;
  const int row = blockIdx.y * 32 + 4 * threadIdx.y;  // the strip's first row
  if (col >= n || row >= m) return;  // the whole strip is outside c

  float sums[4] = {0.f, 0.f, 0.f, 0.f};  // the 4 results, in registers
  for (int kk = 0; kk < k; ++kk) {
    const float x = b[kk * n + col];  // read once, used for the 4 rows
    for (int t = 0; t < 4; ++t)
      if (row + t < m) sums[t] += a[(row + t) * k + kk] * x;
  }
  for (int t = 0; t < 4; ++t)
    if (row + t < m) c[(row + t) * n + col] = sums[t];
}
