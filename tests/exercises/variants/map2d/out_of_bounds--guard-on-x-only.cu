// Guards the column only: threads below the matrix (row >= size) still write, past the end.
__global__ void plus_one(const float* a, float* out, int size) {
  const int col = threadIdx.x;
  const int row = threadIdx.y;
  if (col < size) out[row * size + col] = a[row * size + col] + 1.f;
}
