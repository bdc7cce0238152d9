// The ; after the if ends it: the addition below runs in every thread.
__global__ void add_ten(const float* a, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n);
  out[i] = a[i] + 10.f;
}
