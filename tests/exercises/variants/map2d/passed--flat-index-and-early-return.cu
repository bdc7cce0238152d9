__global__ void plus_one(const float* a, float* out, int size) {
  int col = threadIdx.x, row = threadIdx.y;
  if (col >= size || row >= size) return;  // outside the matrix on either axis
  int idx = row * size + col;
  out[idx] = a[idx] + 1.0f;
}
