// pow(x, 2) instead of x * x: slower, same answer.
__global__ void square(const float* a, float* out) {
  int i = threadIdx.x;
  out[i] = powf(a[i], 2.0f);
}
