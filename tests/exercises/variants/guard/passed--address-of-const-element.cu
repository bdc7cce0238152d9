// A pointer to this thread's element of a (a is const, so a const pointer).
__global__ void add_ten(const float* a, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    const float* mine = &a[i];
    out[i] = *mine + 10.f;
  }
}
