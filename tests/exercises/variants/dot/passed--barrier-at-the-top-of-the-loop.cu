// The barrier at the top of each step instead of the bottom: the first one also covers the
// stores of the products.
__global__ void dot(const float* a, const float* b, float* out, int n) {
  __shared__ float products[256];
  const int t = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + t;
  products[t] = (i < n) ? a[i] * b[i] : 0.f;
  for (int s = 128; s > 0; s >>= 1) {
    __syncthreads();
    if (t < s) products[t] += products[t + s];
  }
  if (t == 0) atomicAdd(out, products[0]);
}
