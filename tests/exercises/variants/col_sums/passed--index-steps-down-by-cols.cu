// Right and coalesced: the index itself steps down the column, cols floats at a time.
__global__ void col_sums(const float* a, float* out, int rows, int cols) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= cols) return;
  float sum = 0.f;
  for (int i = c; i < rows * cols; i += cols) sum += a[i];
  out[c] = sum;
}
