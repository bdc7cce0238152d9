// y[i] = c[0] + c[1]·x[i] + c[2]·x[i]² + … + c[k-1]·x[i]^(k-1) for i < n, with 1 ≤ k ≤ 256.
// Blocks of 256 threads, ceil(n / 256) blocks.
__global__ void polynomial(const float* c, int k, const float* x, float* y, int n) {
  __shared__ float coef[256];  // the block's copy of the coefficients
  // TODO: thread t < k copies c[t] into coef[t] (every thread of the block takes part, those
  // without an element too); a barrier; then, if i < n, Horner's rule over coef:
  // sum = coef[k-1]; sum = sum * x[i] + coef[j] for j = k-2 down to 0; y[i] = sum.
}
