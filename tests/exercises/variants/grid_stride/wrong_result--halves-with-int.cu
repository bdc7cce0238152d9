// (int)a[i] / 2 is an integer division: 3.7 becomes 1.
__global__ void halve(const float* a, float* out, int n) {
  int stride = blockDim.x * gridDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) out[i] = (int)a[i] / 2;
}
