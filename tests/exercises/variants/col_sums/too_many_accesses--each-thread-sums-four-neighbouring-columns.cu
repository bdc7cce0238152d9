// Each thread sums four neighbouring columns (4i to 4i + 3) and a quarter of the threads do all
// the work: right sums, but 4 × rows reads of a and 4 writes of out per working thread.
__global__ void col_sums(const float* a, float* out, int rows, int cols) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int c = 4 * i; c < 4 * i + 4 && c < cols; ++c) {
    float sum = 0.f;
    for (int r = 0; r < rows; ++r) sum += a[r * cols + c];
    out[c] = sum;
  }
}
