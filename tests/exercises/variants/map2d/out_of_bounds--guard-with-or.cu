// || instead of &&: a thread inside on one axis only gets through.
__global__ void plus_one(const float* a, float* out, int size) {
  int col = threadIdx.x;
  int row = threadIdx.y;
  if (row < size || col < size) out[row * size + col] = a[row * size + col] + 1.f;
}
