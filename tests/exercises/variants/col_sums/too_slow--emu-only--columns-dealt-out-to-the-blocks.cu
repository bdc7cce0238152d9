// Right sums, but the columns are dealt out to the blocks like cards (c = threadIdx.x * gridDim.x
// + blockIdx.x): neighbouring threads are gridDim.x columns apart, a sector each with 8 blocks.
__global__ void col_sums(const float* a, float* out, int rows, int cols) {
  const int c = threadIdx.x * gridDim.x + blockIdx.x;
  if (c < cols) {
    float sum = 0.f;
    for (int r = 0; r < rows; ++r) sum += a[r * cols + c];
    out[c] = sum;
  }
}
