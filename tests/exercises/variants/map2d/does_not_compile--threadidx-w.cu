__global__ void plus_one(const float* a, float* out, int size) {
  int col = threadIdx.x;
  int row = threadIdx.w;
  if (row < size && col < size) out[row * size + col] = a[row * size + col] + 1.f;
}
