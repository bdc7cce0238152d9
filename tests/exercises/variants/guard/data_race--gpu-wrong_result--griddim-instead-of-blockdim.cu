// gridDim.x where blockDim.x belongs: the blocks overlap (two blocks write the same elements)
// and most of out is never written.
__global__ void add_ten(const float* a, float* out, int n) {
  int i = blockIdx.x * gridDim.x + threadIdx.x;
  if (i < n) out[i] = a[i] + 10.f;
}
