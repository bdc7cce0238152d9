// Correct: a pointer to the row's first element, warpSize as the step, and a guard on the row that
// the whole warp takes alike (it returns together, before any shuffle).
__global__ void row_sums(const float* a, float* out, int rows, int cols) {
  if (blockIdx.x >= rows) return;
  const float* row = a + (size_t)blockIdx.x * cols;
  float sum = 0.0f;
  for (int c = threadIdx.x; c < cols; c += warpSize) sum += row[c];
  for (int d = warpSize / 2; d >= 1; d >>= 1) sum += __shfl_down_sync(0xffffffffu, sum, d);
  if (threadIdx.x == 0) out[blockIdx.x] = sum;
}
