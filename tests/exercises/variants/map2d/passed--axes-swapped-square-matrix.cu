// Row from x and column from y: for a square matrix every element is still visited exactly once
// (a warp now walks down a column, which is slower on a GPU, but the answer is right).
__global__ void plus_one(const float* a, float* out, int size) {
  const int row = threadIdx.x;
  const int col = threadIdx.y;
  if (row < size && col < size) out[row * size + col] = a[row * size + col] + 1.f;
}
