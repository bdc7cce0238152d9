// Reads the lane's first column before the loop, as if every lane had one: with 31 columns, lane 31
// reads the next row's first element, and in the last row past the end of a.
__global__ void row_sums(const float* a, float* out, int rows, int cols) {
  const int row = blockIdx.x;
  const int lane = threadIdx.x;
  float v = a[row * cols + lane];
  for (int c = lane + 32; c < cols; c += 32) v += a[row * cols + c];
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffff, v, offset);
  if (lane == 0) out[row] = v;
}
