// Correct and conflict-free without padding: the tile keeps 32 columns, but element (i, j) is
// stored in column j ^ i. A row still covers the 32 banks, and so does a column: bank (j ^ i) differs
// for every i.
__global__ void transpose(const float* in, float* out, int rows, int cols) {
  __shared__ float tile[32][32];
  const int tx = threadIdx.x, ty = threadIdx.y;
  int c = blockIdx.x * 32 + tx;
  int r = blockIdx.y * 32 + ty;
  for (int k = 0; k < 32; k += 8)
    if (r + k < rows && c < cols) tile[ty + k][tx ^ (ty + k)] = in[(r + k) * cols + c];
  __syncthreads();
  c = blockIdx.y * 32 + tx;
  r = blockIdx.x * 32 + ty;
  for (int k = 0; k < 32; k += 8)
    if (r + k < cols && c < rows) out[(r + k) * rows + c] = tile[tx][(ty + k) ^ tx];
}
