// Right and coalesced: grid-stride loops on both axes (each runs once at most here, the grid
// covering the matrix), x still walking the columns.
__global__ void twice_plus_one(const float* a, float* out, int rows, int cols) {
  for (int row = blockIdx.y * blockDim.y + threadIdx.y; row < rows; row += blockDim.y * gridDim.y)
    for (int col = blockIdx.x * blockDim.x + threadIdx.x; col < cols; col += blockDim.x * gridDim.x)
      out[row * cols + col] = 2.f * a[row * cols + col] + 1.f;
}
