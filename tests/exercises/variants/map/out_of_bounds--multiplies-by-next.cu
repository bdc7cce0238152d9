// a[i] * a[i + 1]: a typo that also reads one past the end in the last thread
__global__ void square(const float* a, float* out) {
  const int i = threadIdx.x;
  out[i] = a[i] * a[i + 1];
}
