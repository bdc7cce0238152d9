// Correct sums, but straight from global memory: each thread reads in up to 2r + 1 times (and every
// weight too), so each element of in is loaded 2r + 1 times. Tile it in shared memory.
__global__ void conv1d(const float* in, const float* w, int r, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float sum = 0.f;
  for (int k = 0; k <= 2 * r; ++k) {
    const int j = i + k - r;
    if (j >= 0 && j < n) sum += w[k] * in[j];
  }
  out[i] = sum;
}
