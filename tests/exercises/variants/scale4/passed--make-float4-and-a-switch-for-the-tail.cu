// Builds the result with make_float4, and does the tail with a switch that falls through.
__global__ void scale4(const float* x, float* y, int n, float a) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int quads = n / 4;
  if (i < quads) {
    const float4 v = *reinterpret_cast<const float4*>(&x[4 * i]);
    *reinterpret_cast<float4*>(&y[4 * i]) = make_float4(a * v.x, a * v.y, a * v.z, a * v.w);
    return;
  }
  if (i != quads) return;
  const int base = 4 * quads;
  switch (n % 4) {
    case 3: y[base + 2] = a * x[base + 2];  // fall through
    case 2: y[base + 1] = a * x[base + 1];  // fall through
    case 1: y[base] = a * x[base];
    default: break;
  }
}
