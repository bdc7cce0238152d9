// Windows line endings
__global__ void square(const float* a, float* out) {
  int i = threadIdx.x;
  out[i] = a[i] * a[i];
}
