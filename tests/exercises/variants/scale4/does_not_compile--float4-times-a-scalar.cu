// CUDA's float4 has no arithmetic operators: a * v does not compile; scale .x .y .z .w one by one.
__global__ void scale4(const float* x, float* y, int n, float a) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int quads = n / 4;
  if (i < quads) {
    const float4 v = *reinterpret_cast<const float4*>(&x[4 * i]);
    *reinterpret_cast<float4*>(&y[4 * i]) = a * v;
  } else if (i == quads) {
    for (int j = 4 * quads; j < n; ++j) y[j] = a * x[j];
  }
}
