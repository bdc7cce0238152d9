// The first stride is 256, not 128: thread t adds products[t + 256], past the end of the array.
__global__ void dot(const float* a, const float* b, float* out, int n) {
  __shared__ float products[256];
  const int t = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + t;
  products[t] = (i < n) ? a[i] * b[i] : 0.f;
  __syncthreads();
  for (int stride = blockDim.x; stride > 0; stride /= 2) {
    if (t < stride) products[t] += products[t + stride];
    __syncthreads();
  }
  if (t == 0) atomicAdd(&out[0], products[0]);
}
