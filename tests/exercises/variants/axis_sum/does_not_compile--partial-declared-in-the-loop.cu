// partial is declared inside the loop: it does not exist after it.
__global__ void row_sums(const float* m, float* out, int rows, int cols) {
  __shared__ float partials[256];
  const int t = threadIdx.x;
  const int row = blockIdx.x;
  for (int c = t; c < cols; c += blockDim.x) {
    float partial = 0.f;
    partial += m[row * cols + c];
  }
  partials[t] = partial;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (t < stride) partials[t] += partials[t + stride];
    __syncthreads();
  }
  if (t == 0) out[row] = partials[0];
}
