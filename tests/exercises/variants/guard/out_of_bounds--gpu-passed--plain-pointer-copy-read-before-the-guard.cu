// A plain pointer copy of `a` read before the guard: the idle threads of the last block read past
// the end of a (the value is thrown away, but the read happens).
__global__ void add_ten(const float* a, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  const float* p = a;
  float v = p[i];
  if (i < n) out[i] = v + 10.f;
}
