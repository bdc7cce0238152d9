// Loads the coefficients with the block's stride, which would work with blocks smaller than k too;
// with 256 threads each loads one at most.
__global__ void polynomial(const float* c, int k, const float* x, float* y, int n) {
  __shared__ float coef[256];
  for (int j = threadIdx.x; j < k; j += blockDim.x) coef[j] = c[j];
  __syncthreads();
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    const float v = x[i];
    float sum = coef[k - 1];
    for (int j = k - 2; j >= 0; --j) sum = fmaf(sum, v, coef[j]);
    y[i] = sum;
  }
}
