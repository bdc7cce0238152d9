// out[r] = a[r][0] + a[r][1] + … + a[r][cols-1] for a rows × cols matrix a (row-major).
// One block of 32 threads (one warp) per row: rows blocks. Lane t reads columns t, t + 32, …
__global__ void row_sums(const float* a, float* out, int rows, int cols) {
  const int row = blockIdx.x;
  const int lane = threadIdx.x;

  // 1. At each step the warp's 32 lanes read 32 neighbouring floats of the row: one coalesced
  // request. A lane past the last column adds nothing and keeps 0.
  float v = 0.f;
  for (int c = lane; c < cols; c += 32) v += a[row * cols + c];

  // 2. The warp's sum: every lane, those without a column too, takes part in every shuffle.
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffff, v, offset);

  // 3. Lane 0 holds the row's sum.
  if (lane == 0) out[row] = v;
}
