// Correct: xor shuffles instead of shuffles down, so every lane ends with the row's sum; lane 0
// still writes it alone.
__global__ void row_sums(const float* a, float* out, int rows, int cols) {
  const int row = blockIdx.x;
  const int lane = threadIdx.x;
  float v = 0.f;
  for (int c = lane; c < cols; c += 32) v += a[row * cols + c];
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_xor_sync(0xffffffff, v, offset);
  if (lane == 0) out[row] = v;
}
