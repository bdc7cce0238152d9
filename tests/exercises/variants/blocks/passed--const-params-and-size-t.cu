__global__ void scale(const float* const a, float* const out, const float k) {
  const size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  out[i] = k * a[i];
}
