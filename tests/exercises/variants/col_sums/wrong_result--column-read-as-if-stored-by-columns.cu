// Reads "column c" at a[c * rows + r], as if the matrix were stored column by column: it sums
// rows consecutive floats of a instead, and gets the wrong sums.
__global__ void col_sums(const float* a, float* out, int rows, int cols) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c < cols) {
    float sum = 0.f;
    for (int r = 0; r < rows; ++r) sum += a[c * rows + r];
    out[c] = sum;
  }
}
