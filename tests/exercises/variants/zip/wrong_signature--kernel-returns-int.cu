// A kernel returns nothing: __global__ functions must be void.
__global__ int add(const float* a, const float* b, float* out) {
  int i = threadIdx.x;
  out[i] = a[i] + b[i];
  return 0;
}
