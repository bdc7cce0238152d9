__global__ void add(const float* a, const float* b, float* out) {
  int i = threadIdx.x;
  out[idx] = a[idx] + b[idx];
}
