// out[c] = a[0][c] + a[1][c] + … + a[rows-1][c] for a rows × cols matrix a (row-major).
// One thread per column, blocks of 128 threads: (cols + 127) / 128 blocks.
__global__ void col_sums(const float* a, float* out, int rows, int cols) {
  // Neighbouring threads take neighbouring columns: at step r the 32 threads of a warp read 32
  // neighbouring floats of row r, 128 bytes, four 32-byte sectors.
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c < cols) {
    float sum = 0.f;
    for (int r = 0; r < rows; ++r) sum += a[r * cols + c];
    out[c] = sum;
  }
}
