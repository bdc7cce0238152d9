// *(a + i) is a[i]: without the guard, the idle threads read past the end.
__global__ void add_ten(const float* a, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  const float v = *(a + i);
  if (i < n) *(out + i) = v + 10.f;
}
