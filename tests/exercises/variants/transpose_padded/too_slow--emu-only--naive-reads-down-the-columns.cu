// Correct, and no tile, the other way round: a warp writes a row of out, but reads its 32 elements
// down a column of in, cols floats apart: 32 sectors per read where a row takes 4.
__global__ void transpose(const float* in, float* out, int rows, int cols) {
  const int c = blockIdx.y * 32 + threadIdx.x;  // a column of out is a row of in
  const int r = blockIdx.x * 32 + threadIdx.y;  // a row of out is a column of in
  for (int k = 0; k < 32; k += 8)
    if (r + k < cols && c < rows) out[(r + k) * rows + c] = in[c * cols + r + k];
}
