// One flat thread number, split as if the matrix were stored column by column (row = i % rows):
// every element is covered once, but neighbouring threads get neighbouring rows, `cols` floats apart.
__global__ void twice_plus_one(const float* a, float* out, int rows, int cols) {
  const int block = blockIdx.y * gridDim.x + blockIdx.x;
  const int i = block * (blockDim.x * blockDim.y) + threadIdx.y * blockDim.x + threadIdx.x;
  if (i < rows * cols) {
    const int row = i % rows;
    const int col = i / rows;
    out[row * cols + col] = 2.f * a[row * cols + col] + 1.f;
  }
}
