// Right and coalesced: four rows a step into four partial sums (more loads in flight), then the
// rows that are left one by one.
__global__ void col_sums(const float* a, float* out, int rows, int cols) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c < cols) {
    float s0 = 0.f, s1 = 0.f, s2 = 0.f, s3 = 0.f;
    int r = 0;
    for (; r + 3 < rows; r += 4) {
      s0 += a[r * cols + c];
      s1 += a[(r + 1) * cols + c];
      s2 += a[(r + 2) * cols + c];
      s3 += a[(r + 3) * cols + c];
    }
    for (; r < rows; ++r) s0 += a[r * cols + c];
    out[c] = (s0 + s1) + (s2 + s3);
  }
}
