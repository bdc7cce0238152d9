// Each lane sums a block of neighbouring columns: at every step the warp's 32 reads are
// ceil(cols/32) floats apart, 32 memory requests where one would do. Right sums, same number of
// reads per thread: only the addresses a warp reads together tell it from the coalesced kernel.
__global__ void row_sums(const float* a, float* out, int rows, int cols) {
  const int row = blockIdx.x, lane = threadIdx.x;
  const int chunk = (cols + 31) / 32;
  float sum = 0.f;
  for (int k = 0; k < chunk; ++k) {
    const int col = lane * chunk + k;
    if (col < cols) sum += a[row * cols + col];
  }
  for (int offset = 16; offset > 0; offset /= 2) sum += __shfl_down_sync(0xffffffffu, sum, offset);
  if (lane == 0) out[row] = sum;
}
