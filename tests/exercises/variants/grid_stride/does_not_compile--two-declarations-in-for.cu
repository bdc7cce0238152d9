// A for's first clause declares variables of one type only; "int i = ..., int stride = ..." is
// not C++.
__global__ void halve(const float* a, float* out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x, int stride = blockDim.x * gridDim.x; i < n; i += stride)
    out[i] = a[i] / 2.f;
}
