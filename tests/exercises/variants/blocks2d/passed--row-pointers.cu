__global__ void invert(const float* a, float* out, int rows, int cols) {
  const int r = blockIdx.y * blockDim.y + threadIdx.y;
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows || c >= cols) return;
  const float* row_in = &a[r * cols];
  float* row_out = &out[r * cols];
  row_out[c] = 1.f - row_in[c];
}
