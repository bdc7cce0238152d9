// out = a + 1 for a size × size matrix stored row by row. One block of 32 × 32 threads, size <= 32.
__global__ void plus_one(const float* a, float* out, int size) {
  const int col = threadIdx.x;
  const int row = threadIdx.y;
  if (row < size && col < size) out[row * size + col] = a[row * size + col] + 1.f;
}
