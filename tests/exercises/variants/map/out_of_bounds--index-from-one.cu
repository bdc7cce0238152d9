// Counts elements from 1: the last thread reads a[n] and writes out[n], one past the end.
__global__ void square(const float* a, float* out) {
  const int i = threadIdx.x + 1;
  out[i] = a[i] * a[i];
}
