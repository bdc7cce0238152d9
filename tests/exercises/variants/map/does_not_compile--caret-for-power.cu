// ^ is exclusive or in C++, and a float has no exclusive or.
__global__ void square(const float* a, float* out) {
  int i = threadIdx.x;
  out[i] = a[i] ^ 2;
}
