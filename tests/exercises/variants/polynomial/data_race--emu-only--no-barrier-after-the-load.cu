// No barrier between loading the coefficients and using them: a thread may read coef[j] before
// the thread that loads it has run.
__global__ void polynomial(const float* c, int k, const float* x, float* y, int n) {
  __shared__ float coef[256];  // the block's copy of the coefficients
  const int t = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + t;

  // Rule 5: the block reads each coefficient from global memory once. Every thread takes part,
  // those past n too: with n = 20 and k = 256, 236 coefficients are loaded by idle threads.
  if (t < k) coef[t] = c[t];

  if (i < n) {
    const float v = x[i];  // one read, then a register
    float sum = coef[k - 1];
    for (int j = k - 2; j >= 0; --j) sum = sum * v + coef[j];  // Horner's rule
    y[i] = sum;
  }
}
