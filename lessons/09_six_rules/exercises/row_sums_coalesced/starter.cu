// out[r] = a[r][0] + a[r][1] + … + a[r][cols-1] for a rows × cols matrix a (row-major).
// One block of 32 threads (one warp) per row: rows blocks. Lane t reads columns t, t + 32, …
__global__ void row_sums(const float* a, float* out, int rows, int cols) {
  const int row = blockIdx.x;
  const int lane = threadIdx.x;
  // TODO: 1. add this lane's columns lane, lane + 32, lane + 64, … below cols (element
  // a[row * cols + c]; 0 for a lane without a column): at each step the warp reads 32 neighbouring
  // floats. 2. Add the warp's 32 values with __shfl_down_sync, every lane taking part.
  // 3. Lane 0 writes out[row].
}
