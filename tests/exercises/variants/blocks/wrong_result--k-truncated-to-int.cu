// k stored in an int: 2.5 becomes 2, -3 stays -3, 0.5 becomes 0.
__global__ void scale(const float* a, float* out, float k) {
  int factor = k;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = factor * a[i];
}
