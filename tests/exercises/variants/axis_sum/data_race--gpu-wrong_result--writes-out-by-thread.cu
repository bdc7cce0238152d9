// out[t] instead of out[row]: thread 0 of every block writes out[0], and the other rows stay 0.
__global__ void row_sums(const float* m, float* out, int rows, int cols) {
  __shared__ float partials[256];
  const int t = threadIdx.x;
  const int row = blockIdx.x;
  float partial = 0.f;
  for (int c = t; c < cols; c += blockDim.x) partial += m[row * cols + c];
  partials[t] = partial;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (t < stride) partials[t] += partials[t + stride];
    __syncthreads();
  }
  if (t == 0) out[t] = partials[0];
}
