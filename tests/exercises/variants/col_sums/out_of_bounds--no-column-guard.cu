// No c < cols guard: where cols is not a multiple of 128 (37 × 300), the last block's spare
// threads read past the end of the rows and write past the end of out.
__global__ void col_sums(const float* a, float* out, int rows, int cols) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.f;
  for (int r = 0; r < rows; ++r) sum += a[r * cols + c];
  out[c] = sum;
}
