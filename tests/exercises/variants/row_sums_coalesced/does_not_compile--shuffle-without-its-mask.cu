// __shfl_down_sync takes the mask of the lanes first: (mask, value, offset).
__global__ void row_sums(const float* a, float* out, int rows, int cols) {
  const int row = blockIdx.x;
  const int lane = threadIdx.x;
  float v = 0.f;
  for (int c = lane; c < cols; c += 32) v += a[row * cols + c];
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(v, offset);
  if (lane == 0) out[row] = v;
}
