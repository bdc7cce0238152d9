// Assumes 256 threads per block: right for the first test, past the end with blocks of 128.
__global__ void scale(const float* a, float* out, float k) {
  const int i = threadIdx.x + blockIdx.x * 256;
  out[i] = k * a[i];
}
