// out[i] = a[i] * a[i]
__global__ void square(const float* a, float* out) {
  unsigned int idx = threadIdx.x;
  float value = a[idx];    // read once
  out[idx] = value * value;
}
