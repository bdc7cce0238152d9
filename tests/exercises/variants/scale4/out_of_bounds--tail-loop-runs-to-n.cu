// The tail loop runs while j <= n: when n is a multiple of 4, the tail thread reads x[n], one past
// the end.
__global__ void scale4(const float* x, float* y, int n, float a) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int quads = n / 4;
  if (i < quads) {
    float4 v = *reinterpret_cast<const float4*>(&x[4 * i]);
    v.x *= a;
    v.y *= a;
    v.z *= a;
    v.w *= a;
    *reinterpret_cast<float4*>(&y[4 * i]) = v;
  } else if (i == quads) {
    for (int j = 4 * quads; j <= n; ++j) y[j] = a * x[j];
  }
}
