// The tile filled by a strided loop over its 256 + 2r slots: thread t takes slots t and t + 256,
// whatever blockDim.x is (at most two per thread here).
__global__ void conv1d(const float* in, const float* w, int r, float* out, int n) {
  __shared__ float tile[256 + 16];
  __shared__ float wt[17];
  const int start = blockIdx.x * blockDim.x;
  for (int s = threadIdx.x; s < blockDim.x + 2 * r; s += blockDim.x) {
    const int j = start - r + s;
    tile[s] = (j >= 0 && j < n) ? in[j] : 0.f;
  }
  for (int s = threadIdx.x; s <= 2 * r; s += blockDim.x) wt[s] = w[s];
  __syncthreads();
  const int i = start + threadIdx.x;
  if (i < n) {
    float sum = 0.f;
    for (int k = 0; k <= 2 * r; ++k) sum += wt[k] * tile[threadIdx.x + k];
    out[i] = sum;
  }
}
