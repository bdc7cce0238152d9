// The rule-5 mistake itself: every thread reads all k coefficients from global memory, so a block
// reads each of them 256 times.
__global__ void polynomial(const float* c, int k, const float* x, float* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    const float v = x[i];
    float sum = c[k - 1];
    for (int j = k - 2; j >= 0; --j) sum = sum * v + c[j];
    y[i] = sum;
  }
}
