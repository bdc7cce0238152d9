// Sums c[j]·x^j with a running power instead of Horner's rule: other roundings, well inside the
// tolerance.
__global__ void polynomial(const float* c, int k, const float* x, float* y, int n) {
  __shared__ float coef[256];
  const int t = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + t;
  if (t < k) coef[t] = c[t];
  __syncthreads();
  if (i >= n) return;  // after the barrier: every thread has reached it
  const float v = x[i];
  float sum = 0.f, power = 1.f;
  for (int j = 0; j < k; ++j) {
    sum += coef[j] * power;
    power *= v;
  }
  y[i] = sum;
}
