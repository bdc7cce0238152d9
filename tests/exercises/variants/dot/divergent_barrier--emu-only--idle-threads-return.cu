// Idle threads return at once, and never reach the barriers of the tree.
__global__ void dot(const float* a, const float* b, float* out, int n) {
  __shared__ float products[256];
  const int t = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + t;
  if (i >= n) return;
  products[t] = a[i] * b[i];
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (t < stride) products[t] += products[t + stride];
    __syncthreads();
  }
  if (t == 0) atomicAdd(&out[0], products[0]);
}
