// The emulator says "data race" first: several threads write one element with nothing ordering
// them. A GPU has no race detector and says what follows from it (the name's --gpu-…-- part).
// Uses only threadIdx: every block works on the top-left 16 × 16 tile, the rest stays unwritten.
__global__ void invert(const float* a, float* out, int rows, int cols) {
  const int col = threadIdx.x;
  const int row = threadIdx.y;
  if (row < rows && col < cols) out[row * cols + col] = 1.f - a[row * cols + col];
}
