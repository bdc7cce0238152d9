// The start forgets the block: every block walks the same elements, and three quarters of each
// pass are never touched.
__global__ void halve(const float* a, float* out, int n) {
  const int stride = blockDim.x * gridDim.x;
  for (int i = threadIdx.x; i < n; i += stride) out[i] = a[i] / 2.f;
}
