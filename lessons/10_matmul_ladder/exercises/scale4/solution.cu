// y[i] = a * x[i] for i < n. ceil(n / 4) threads at work (blocks of 256): thread i < n / 4 scales
// the four elements 4i … 4i+3 with one float4 load and one float4 store; thread n / 4 scales the
// last n % 4 elements one by one.
__global__ void scale4(const float* x, float* y, int n, float a) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int quads = n / 4;  // whole float4s
  if (i < quads) {
    // One 16-byte load: x[4i] sits at a multiple of 16 bytes, since x starts at one.
    float4 v = *reinterpret_cast<const float4*>(&x[4 * i]);
    v.x *= a;  // float4 has no operators: each component by itself
    v.y *= a;
    v.z *= a;
    v.w *= a;
    *reinterpret_cast<float4*>(&y[4 * i]) = v;  // one 16-byte store
  } else if (i == quads) {
    // The tail: 0 to 3 elements, one at a time. A float4 here would write past y[n - 1].
    for (int j = 4 * quads; j < n; ++j) y[j] = a * x[j];
  }
}
