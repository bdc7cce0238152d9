// A pointer to the start of this thread's row of out.
__global__ void outer_sum(const float* a, const float* b, float* out, int rows, int cols) {
  int c = threadIdx.x, r = threadIdx.y;
  if (r < rows && c < cols) {
    float* out_row = out + r * cols;
    out_row[c] = b[c] + a[r];
  }
}
