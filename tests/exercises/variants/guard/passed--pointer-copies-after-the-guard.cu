// Pointers to this thread's elements, taken after the guard: valid.
__global__ void add_ten(const float* a, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float* src = &a[i];
  float* dst = out + i;
  *dst = *src + 10.f;
}
