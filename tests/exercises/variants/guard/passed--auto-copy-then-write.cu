// auto copies of elements, changed before the write; the output through an end pointer check.
__global__ void add_ten(const float* a, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const float* end = &a[n];
  if (a + i >= end) return;
  auto v = a[i];
  v *= 2.0f;
  v /= 2.0f;
  v += 10.0f;
  out[i] = v;
}
