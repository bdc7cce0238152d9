// The products are kept in an int array: every fraction is cut off.
__global__ void dot(const float* a, const float* b, float* out, int n) {
  __shared__ int products[256];
  const int t = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + t;
  products[t] = (i < n) ? a[i] * b[i] : 0;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (t < stride) products[t] += products[t + stride];
    __syncthreads();
  }
  if (t == 0) atomicAdd(&out[0], (float)products[0]);
}
