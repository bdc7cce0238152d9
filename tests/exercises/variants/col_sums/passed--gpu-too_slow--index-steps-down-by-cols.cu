// Right and coalesced: the index itself steps down the column, cols floats at a time. It passes on
// the emulator (4 sectors a request, as the solution), but on an H100 it took 1.5x the solution's
// time (73.9 against 48.4 us, 512 x 65536), so the GPU grades it too slow. Why was not examined
// in SASS; its loop runs on a flat index up to rows * cols where the solution's counts rows.
__global__ void col_sums(const float* a, float* out, int rows, int cols) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= cols) return;
  float sum = 0.f;
  for (int i = c; i < rows * cols; i += cols) sum += a[i];
  out[c] = sum;
}
