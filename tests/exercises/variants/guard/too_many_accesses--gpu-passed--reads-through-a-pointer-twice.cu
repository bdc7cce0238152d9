// A pointer to this thread's element of a, read twice: the statement allows one read of a.
__global__ void add_ten(const float* a, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    const float* p = a + i;
    out[i] = (*p + *p) * 0.5f + 10.f;
  }
}
