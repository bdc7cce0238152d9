__global__ void row_sums(const float* m, float* out, int rows, int cols) {
  __shared__ float partials[256];
  const int t = threadIdx.x;
  float sum = 0.f;
  for (int c = t; c < cols; c += blockDim.x) sum += m[blockIdx.x * cols + c];
  partials[t] = sum;
  for (int s = blockDim.x / 2; s > 0; s /= 2) {
    __syncthreads();
    if (t < s) partials[t] += partials[t + s];
  }
  if (t == 0) out[blockIdx.x] = partials[0];
}
