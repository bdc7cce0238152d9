// > instead of >=: the thread with i == n stays.
__global__ void add_ten(const float* a, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > n) return;
  out[i] = a[i] + 10.f;
}
