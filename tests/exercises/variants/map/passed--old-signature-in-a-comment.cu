// First try was: __global__ void square(float* a, float* out, int n) {
/* and before that: __global__ void square(int x) */
__global__ void square(const float* a, float* out) {
  int i = threadIdx.x;
  out[i] = a[i] * a[i];
}
