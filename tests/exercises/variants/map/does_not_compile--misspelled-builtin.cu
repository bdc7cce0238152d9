// threadId is not a built-in variable: the compiler stops at the unknown name.
__global__ void square(const float* a, float* out) {
  const int i = threadId.x;
  out[i] = a[i] * a[i];
}
