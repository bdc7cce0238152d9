__global__ void add_ten(const float* a, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;  // the idle threads of the last block leave at once
  out[i] = a[i] + 10;
}
