// Reads a[i] once to test it and again to use it.
__global__ void add_ten(const float* a, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    if (a[i] == 0.f) out[i] = 10.f;
    else out[i] = a[i] + 10.f;
  }
}
