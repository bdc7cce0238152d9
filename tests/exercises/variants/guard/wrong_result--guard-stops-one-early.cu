// Stops one element early: the last element of out is never written.
__global__ void add_ten(const float* a, float* out, int n) {
  const int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i < n - 1) out[i] = a[i] + 10.f;
}
