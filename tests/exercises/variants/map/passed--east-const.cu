// "float const*" is the same type as "const float*".
__global__ void square(float const* a, float* out) {
  int i = threadIdx.x;
  out[i] = a[i] * a[i];
}
