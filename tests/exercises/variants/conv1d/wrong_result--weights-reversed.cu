// The weights run the wrong way: w[0] multiplies in[i + r] instead of in[i - r] (the formula is
// Σ w[j]·in[i + j - r]). Only symmetric weights would hide it.
__global__ void conv1d(const float* in, const float* w, int r, float* out, int n) {
  __shared__ float tile[256 + 16];
  __shared__ float wt[17];
  const int t = threadIdx.x;
  const int start = blockIdx.x * blockDim.x;
  const int i = start + t;
  int j = start - r + t;
  tile[t] = (j >= 0 && j < n) ? in[j] : 0.f;
  if (t < 2 * r) {
    j += 256;
    tile[t + 256] = (j >= 0 && j < n) ? in[j] : 0.f;
  }
  if (t < 2 * r + 1) wt[t] = w[t];
  __syncthreads();
  if (i < n) {
    float sum = 0.f;
    for (int k = 0; k <= 2 * r; ++k) sum += wt[2 * r - k] * tile[t + k];
    out[i] = sum;
  }
}
