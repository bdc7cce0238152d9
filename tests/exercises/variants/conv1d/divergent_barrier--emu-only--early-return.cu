// The threads past n return before the barrier, so in the last block some threads never reach
// __syncthreads(). (They must also load their slots: see the next variant.)
__global__ void conv1d(const float* in, const float* w, int r, float* out, int n) {
  __shared__ float tile[256 + 16];
  __shared__ float wt[17];
  const int t = threadIdx.x;
  const int start = blockIdx.x * blockDim.x;
  const int i = start + t;
  if (i >= n) return;
  tile[t + r] = in[i];
  if (t < r) {
    const int j = start - r + t;
    tile[t] = (j >= 0) ? in[j] : 0.f;
    const int k = start + 256 + t;
    tile[t + 256 + r] = (k < n) ? in[k] : 0.f;
  }
  if (t < 2 * r + 1) wt[t] = w[t];
  __syncthreads();
  float sum = 0.f;
  for (int k = 0; k <= 2 * r; ++k) sum += wt[k] * tile[t + k];
  out[i] = sum;
}
