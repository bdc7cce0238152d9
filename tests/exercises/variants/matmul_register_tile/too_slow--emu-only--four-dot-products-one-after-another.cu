// Correct, but the four elements are computed one after the other, each with its own loop over k:
// b[kk * n + col] is read again for every row, 4 reads of b where one does.
__global__ void mat_mul_x4(const float* a, const float* b, float* c, int m, int n, int k) {
  const int col = blockIdx.x * 32 + threadIdx.x;
  const int row = blockIdx.y * 32 + 4 * threadIdx.y;
  if (col >= n) return;
  for (int t = 0; t < 4; ++t) {
    if (row + t >= m) return;
    float sum = 0.f;
    for (int kk = 0; kk < k; ++kk) sum += a[(row + t) * k + kk] * b[kk * n + col];
    c[(row + t) * n + col] = sum;
  }
}
