// Reads x[i] from global memory in every step of the loop instead of once into a register.
__global__ void polynomial(const float* c, int k, const float* x, float* y, int n) {
  __shared__ float coef[256];  // the block's copy of the coefficients
  const int t = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + t;

  // Rule 5: the block reads each coefficient from global memory once. Every thread takes part,
  // those past n too: with n = 20 and k = 256, 236 coefficients are loaded by idle threads.
  if (t < k) coef[t] = c[t];
  __syncthreads();  // every coefficient is in before anyone uses one

  if (i < n) {
    float sum = coef[k - 1];
    for (int j = k - 2; j >= 0; --j) sum = sum * x[i] + coef[j];  // Horner's rule
    y[i] = sum;
  }
}
