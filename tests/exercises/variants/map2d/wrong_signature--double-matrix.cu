__global__ void plus_one(const double* a, double* out, int size) {
  int col = threadIdx.x;
  int row = threadIdx.y;
  if (row < size && col < size) out[row * size + col] = a[row * size + col] + 1.0;
}
