// out as double*: the launch passes a float array.
__global__ void add(const float* a, const float* b, double* out) {
  int i = threadIdx.x;
  out[i] = (double)a[i] + (double)b[i];
}
