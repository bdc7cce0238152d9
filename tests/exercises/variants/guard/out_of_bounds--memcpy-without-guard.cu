// memcpy of one float, and no guard: the idle threads of the last block copy from past the end.
__global__ void add_ten(const float* a, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v;
  memcpy(&v, &a[i], sizeof(float));
  v += 10.f;
  if (i < n) out[i] = v;
}
