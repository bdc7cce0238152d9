__global__ void halve(const float* a, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int step = gridDim.x * blockDim.x;  // threads in the whole grid
  while (i < n) {
    out[i] = 0.5f * a[i];
    i += step;
  }
}
