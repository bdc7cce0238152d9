// Only threads that had a column take part in the reduction: with 100 columns, threads 100 to 255
// skip its barriers.
__global__ void row_sums(const float* m, float* out, int rows, int cols) {
  __shared__ float partials[256];
  const int t = threadIdx.x;
  const int row = blockIdx.x;
  float partial = 0.f;
  for (int c = t; c < cols; c += blockDim.x) partial += m[row * cols + c];
  partials[t] = partial;
  if (t < cols) {
    __syncthreads();
    for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
      if (t < stride) partials[t] += partials[t + stride];
      __syncthreads();
    }
  }
  if (t == 0) out[row] = partials[0];
}
