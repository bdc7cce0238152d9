// The guard compares with the block size instead of n: only block 0 does anything.
__global__ void add_ten(const float* a, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < blockDim.x) out[i] = a[i] + 10.f;
}
