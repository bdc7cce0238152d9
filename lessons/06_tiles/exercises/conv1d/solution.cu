// out[i] = w[0]·in[i-r] + w[1]·in[i-r+1] + … + w[2r]·in[i+r] for i < n, elements outside in count
// as 0; 0 ≤ r ≤ 8. Blocks of 256 threads, ceil(n / 256) blocks.
__global__ void conv1d(const float* in, const float* w, int r, float* out, int n) {
  __shared__ float tile[256 + 2 * 8];  // tile[s] holds element start - r + s
  __shared__ float wt[2 * 8 + 1];      // the block's copy of the weights
  const int t = threadIdx.x;
  const int start = blockIdx.x * blockDim.x;
  const int i = start + t;

  // The tile and its halo, 256 + 2r elements: thread t loads slot t, and threads t < 2r also
  // slot t + 256. Slots outside the array hold 0. Every thread takes part, idle ones too.
  int j = start - r + t;
  tile[t] = (j >= 0 && j < n) ? in[j] : 0.f;
  if (t < 2 * r) {
    j += 256;
    tile[t + 256] = (j >= 0 && j < n) ? in[j] : 0.f;
  }
  if (t < 2 * r + 1) wt[t] = w[t];
  __syncthreads();  // tile, halo and weights are complete before anyone uses them

  if (i < n) {
    float sum = 0.f;
    for (int k = 0; k <= 2 * r; ++k) sum += wt[k] * tile[t + k];  // tile[t + k] is in[i + k - r]
    out[i] = sum;
  }
}
