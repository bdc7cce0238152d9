// out[i] = k * a[i]. n / T blocks of T threads, n a multiple of T: one element per thread.
__global__ void scale(const float* a, float* out, float k) {
  const int i = threadIdx.x + blockIdx.x * blockDim.x;
  out[i] = k * a[i];
}
