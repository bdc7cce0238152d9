// Windows line endings, and a minus where the plus belongs.
__global__ void add(const float* a, const float* b, float* out) {
  int i = threadIdx.x;
  out[i] = a[i] - b[i];
}
