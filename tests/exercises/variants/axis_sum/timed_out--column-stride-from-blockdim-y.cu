// blockDim.y is 1 in a 1D launch, so the stride blockDim.y - 1 is 0: the column loop never ends.
__global__ void row_sums(const float* m, float* out, int rows, int cols) {
  __shared__ float partials[256];
  const int t = threadIdx.x;
  const int row = blockIdx.x;
  float partial = 0.f;
  for (int c = t; c < cols; c += blockDim.y - 1) partial += m[row * cols + c];
  partials[t] = partial;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (t < stride) partials[t] += partials[t + stride];
    __syncthreads();
  }
  if (t == 0) out[row] = partials[0];
}
