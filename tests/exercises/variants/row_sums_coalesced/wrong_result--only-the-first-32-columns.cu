// Each lane reads one column and stops: a row of more than 32 columns loses all the others. The
// lane needs a loop, columns t, t + 32, t + 64, …
__global__ void row_sums(const float* a, float* out, int rows, int cols) {
  const int row = blockIdx.x;
  const int lane = threadIdx.x;
  float v = lane < cols ? a[row * cols + lane] : 0.f;
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffff, v, offset);
  if (lane == 0) out[row] = v;
}
