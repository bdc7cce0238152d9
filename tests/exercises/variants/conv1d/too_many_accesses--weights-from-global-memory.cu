// The tile of in is right, but every thread reads all 2r + 1 weights from w inside its loop: each
// weight is loaded 256 times per block. Copy them into shared memory once, like the tile.
__global__ void conv1d(const float* in, const float* w, int r, float* out, int n) {
  __shared__ float tile[256 + 16];
  const int t = threadIdx.x;
  const int start = blockIdx.x * blockDim.x;
  const int i = start + t;
  int j = start - r + t;
  tile[t] = (j >= 0 && j < n) ? in[j] : 0.f;
  if (t < 2 * r) {
    j += 256;
    tile[t + 256] = (j >= 0 && j < n) ? in[j] : 0.f;
  }
  __syncthreads();
  if (i < n) {
    float sum = 0.f;
    for (int k = 0; k <= 2 * r; ++k) sum += w[k] * tile[t + k];
    out[i] = sum;
  }
}
