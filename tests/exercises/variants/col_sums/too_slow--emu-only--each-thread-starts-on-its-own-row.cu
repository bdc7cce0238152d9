// Right sums, but each thread starts its walk on a row of its own "so that they don't all read the
// same row": at every step the warp's 32 threads read 32 different rows, a sector each.
__global__ void col_sums(const float* a, float* out, int rows, int cols) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c < cols) {
    float sum = 0.f;
    for (int step = 0; step < rows; ++step) {
      const int r = (step + threadIdx.x) % rows;
      sum += a[r * cols + c];
    }
    out[c] = sum;
  }
}
