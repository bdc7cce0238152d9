// A double for the total, for precision: but out is a float array.
__global__ void dot(const float* a, const float* b, double* out, int n) {
  __shared__ double products[256];
  const int t = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + t;
  products[t] = (i < n) ? (double)a[i] * b[i] : 0.0;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (t < stride) products[t] += products[t + stride];
    __syncthreads();
  }
  if (t == 0) atomicAdd(&out[0], products[0]);
}
