// Correct, and no tile: each thread copies its 4 elements straight from in to out. The reads are
// rows of in, but a warp's writes go down a column of out: 32 floats rows apart, 32 sectors.
__global__ void transpose(const float* in, float* out, int rows, int cols) {
  const int c = blockIdx.x * 32 + threadIdx.x;
  const int r = blockIdx.y * 32 + threadIdx.y;
  for (int k = 0; k < 32; k += 8)
    if (r + k < rows && c < cols) out[c * rows + r + k] = in[(r + k) * cols + c];
}
