// 2a written as a + a: right, but each thread reads its element of a twice.
__global__ void twice_plus_one(const float* a, float* out, int rows, int cols) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < rows && col < cols) out[row * cols + col] = a[row * cols + col] + a[row * cols + col] + 1.f;
}
