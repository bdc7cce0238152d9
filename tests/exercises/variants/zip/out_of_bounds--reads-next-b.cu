// Reads b one place ahead: the last thread reads b[n], past the end.
__global__ void add(const float* a, const float* b, float* out) {
  const int i = threadIdx.x;
  out[i] = a[i] + b[i + 1];
}
