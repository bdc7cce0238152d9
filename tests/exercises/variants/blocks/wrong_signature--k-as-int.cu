// k declared as an int: the launch passes a float.
__global__ void scale(const float* a, float* out, int k) {
  const int i = threadIdx.x + blockIdx.x * blockDim.x;
  out[i] = k * a[i];
}
