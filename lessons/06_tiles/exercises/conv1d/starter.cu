// out[i] = w[0]·in[i-r] + w[1]·in[i-r+1] + … + w[2r]·in[i+r] for i < n, elements outside in count
// as 0; 0 ≤ r ≤ 8. Blocks of 256 threads, ceil(n / 256) blocks.
__global__ void conv1d(const float* in, const float* w, int r, float* out, int n) {
  __shared__ float tile[256 + 2 * 8];  // the block's elements and the halo on both sides
  __shared__ float wt[2 * 8 + 1];      // the block's copy of the weights
  // TODO: fill tile (0 outside the array) and wt, every thread of the block taking part, each
  // reading in at most twice and w at most once; a barrier; then, if i < n, the sum of the
  // 2r + 1 products from shared memory, written to out[i] once.
}
