// Correct and even thriftier: the block copies 32 × 32 tiles of a and b into shared memory (4
// elements of each per thread and step), so every element it reads from memory serves 32 rows or
// columns; the strip's 4 sums still share each element of the b tile.
__global__ void mat_mul_x4(const float* a, const float* b, float* c, int m, int n, int k) {
  __shared__ float ta[32][33];
  __shared__ float tb[32][33];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int col = blockIdx.x * 32 + tx;
  const int row = blockIdx.y * 32 + 4 * ty;
  float sums[4] = {0.f, 0.f, 0.f, 0.f};
  for (int step = 0; step < k; step += 32) {
    for (int i = ty; i < 32; i += 8) {
      const int ar = blockIdx.y * 32 + i, ac = step + tx;
      ta[i][tx] = (ar < m && ac < k) ? a[ar * k + ac] : 0.f;
      const int br = step + i;
      tb[i][tx] = (br < k && col < n) ? b[br * n + col] : 0.f;
    }
    __syncthreads();
    for (int kk = 0; kk < 32; ++kk) {
      const float x = tb[kk][tx];
      for (int t = 0; t < 4; ++t) sums[t] += ta[4 * ty + t][kk] * x;
    }
    __syncthreads();
  }
  for (int t = 0; t < 4; ++t)
    if (row + t < m && col < n) c[(row + t) * n + col] = sums[t];
}
