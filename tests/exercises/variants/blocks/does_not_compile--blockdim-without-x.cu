// blockDim is a dim3: it has no multiplication with an unsigned int.
__global__ void scale(const float* a, float* out, float k) {
  int i = threadIdx.x + blockIdx.x * blockDim;
  out[i] = k * a[i];
}
