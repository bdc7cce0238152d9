// out[i] = a[i] + 10 for every i < n. Blocks of 256 threads, ceil(n / 256) blocks.
__global__ void add_ten(const float* a, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = a[i] + 10.f;
}
