// Casts the arrays' first elements once, inside the branch, and indexes the float4 pointers: the
// same loads and stores (&y[0] is the one write counted there).
__global__ void scale4(const float* x, float* y, int n, float a) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned quads = n / 4;
  if (i < quads) {
    const float4* x4 = reinterpret_cast<const float4*>(&x[0]);
    float4* y4 = reinterpret_cast<float4*>(&y[0]);
    float4 v = x4[i];
    v.x *= a;
    v.y *= a;
    v.z *= a;
    v.w *= a;
    y4[i] = v;
  } else if (i == quads) {
    for (unsigned j = 4 * quads; j < (unsigned)n; ++j) y[j] = a * x[j];
  }
}
