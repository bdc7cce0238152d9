// Chapter 3's layout: the own element at tile[t + r], the left halo loaded by threads t < r and the
// right halo by threads t >= 256 - r. Each thread still reads in at most twice.
__global__ void conv1d(const float* in, const float* w, int r, float* out, int n) {
  __shared__ float tile[256 + 16];
  __shared__ float wt[17];
  const int t = threadIdx.x;
  const int start = blockIdx.x * blockDim.x;
  const int i = start + t;
  tile[t + r] = (i < n) ? in[i] : 0.f;
  if (t < r) {
    const int j = start - r + t;
    tile[t] = (j >= 0) ? in[j] : 0.f;
  }
  if (t >= 256 - r) {
    const int j = i + r;
    tile[t + 2 * r] = (j < n) ? in[j] : 0.f;
  }
  if (t <= 2 * r) wt[t] = w[t];
  __syncthreads();
  if (i >= n) return;  // after the barrier: every thread has reached it
  float sum = 0.f;
  for (int k = -r; k <= r; ++k) sum += wt[k + r] * tile[t + r + k];
  out[i] = sum;
}
