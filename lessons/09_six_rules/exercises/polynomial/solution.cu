// y[i] = c[0] + c[1]·x[i] + c[2]·x[i]² + … + c[k-1]·x[i]^(k-1) for i < n, with 1 ≤ k ≤ 256.
// Blocks of 256 threads, ceil(n / 256) blocks.
__global__ void polynomial(const float* c, int k, const float* x, float* y, int n) {
  __shared__ float coef[256];  // the block's copy of the coefficients
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
