// float partial; without = 0: the sum starts from whatever was in the register.
__global__ void row_sums(const float* m, float* out, int rows, int cols) {
  __shared__ float partials[256];
  const int t = threadIdx.x;
  const int row = blockIdx.x;
  float partial;
  for (int c = t; c < cols; c += blockDim.x) partial += m[row * cols + c];
  partials[t] = partial;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (t < stride) partials[t] += partials[t + stride];
    __syncthreads();
  }
  if (t == 0) out[row] = partials[0];
}
