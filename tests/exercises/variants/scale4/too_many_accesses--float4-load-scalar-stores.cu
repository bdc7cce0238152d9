// Loads a float4 but stores the four results one by one: four writes of y where one float4
// store would do.
__global__ void scale4(const float* x, float* y, int n, float a) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int quads = n / 4;
  if (i < quads) {
    const float4 v = *reinterpret_cast<const float4*>(&x[4 * i]);
    y[4 * i] = a * v.x;
    y[4 * i + 1] = a * v.y;
    y[4 * i + 2] = a * v.z;
    y[4 * i + 3] = a * v.w;
  } else if (i == quads) {
    for (int j = 4 * quads; j < n; ++j) y[j] = a * x[j];
  }
}
