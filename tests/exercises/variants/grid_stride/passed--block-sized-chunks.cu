// The grid walks the array one grid-sized chunk at a time; each thread takes its place in the chunk.
__global__ void halve(const float* a, float* out, int n) {
  for (int base = blockIdx.x * blockDim.x; base < n; base += blockDim.x * gridDim.x) {
    const int i = base + threadIdx.x;
    if (i < n) out[i] = a[i] * 0.5f;
  }
}
