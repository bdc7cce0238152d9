// out[i] = (a[i-2] + a[i-1] + a[i] + a[i+1] + a[i+2]) / 5, where elements outside a count as 0.
// Blocks of 256 threads, ceil(n / 256) blocks. Each thread may read a at most twice.
__global__ void average5(const float* a, float* out, int n) {
  __shared__ float tile[256 + 4];
  // TODO: load this block's elements and the 2 + 2 halo elements into tile (0 outside the
  // array), wait for the block, then average five neighbours from tile.
}
