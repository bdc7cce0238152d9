// The shuffles start at offset 8: lane 0 ends with the sum of lanes 0-15 only, and the columns of
// lanes 16-31 are lost.
__global__ void row_sums(const float* a, float* out, int rows, int cols) {
  const int row = blockIdx.x;
  const int lane = threadIdx.x;
  float v = 0.f;
  for (int c = lane; c < cols; c += 32) v += a[row * cols + c];
  for (int offset = 8; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffff, v, offset);
  if (lane == 0) out[row] = v;
}
