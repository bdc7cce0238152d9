// size - 1: the last row and the last column are never written.
__global__ void plus_one(const float* a, float* out, int size) {
  int col = threadIdx.x;
  int row = threadIdx.y;
  if (row < size - 1 && col < size - 1) out[row * size + col] = a[row * size + col] + 1.f;
}
