// The loop stops after the first pass: only the first 512 elements are halved.
__global__ void halve(const float* a, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int stride = blockDim.x * gridDim.x;
  for (; i < stride; i += stride) out[i] = a[i] / 2.f;
}
