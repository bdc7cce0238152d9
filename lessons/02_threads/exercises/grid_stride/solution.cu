// out[i] = a[i] / 2 for every i < n, with a fixed grid of 512 threads in all and n up to 5120.
__global__ void halve(const float* a, float* out, int n) {
  const int stride = blockDim.x * gridDim.x;
  for (int i = threadIdx.x + blockIdx.x * blockDim.x; i < n; i += stride) out[i] = a[i] / 2.f;
}
