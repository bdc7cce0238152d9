// Only whole float4s: the last n % 4 elements are never scaled.
__global__ void scale4(const float* x, float* y, int n, float a) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n / 4) {
    float4 v = *reinterpret_cast<const float4*>(&x[4 * i]);
    v.x *= a;
    v.y *= a;
    v.z *= a;
    v.w *= a;
    *reinterpret_cast<float4*>(&y[4 * i]) = v;
  }
}
