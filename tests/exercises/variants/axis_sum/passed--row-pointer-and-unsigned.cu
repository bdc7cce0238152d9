__global__ void row_sums(const float* m, float* out, int rows, int cols) {
  __shared__ float partials[256];
  const unsigned t = threadIdx.x;
  const float* my_row = m + (size_t)blockIdx.x * cols;  // this block's row

  float partial = 0.0f;
  for (unsigned c = t; c < (unsigned)cols; c += blockDim.x) partial += my_row[c];
  partials[t] = partial;
  __syncthreads();

  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s) partials[t] += partials[t + s];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = partials[0];
}
