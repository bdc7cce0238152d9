// const by-value parameters are valid CUDA.
__global__ void add_ten(const float* const a, float* const out, const int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = a[i] + 10.0f;
}
