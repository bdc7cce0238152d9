#define A(r, k) a[(r) * n + (k)]
#define B(k, cc) b[(k) * cols + (cc)]
#define C(r, cc) c[(r) * cols + (cc)]

__global__ void mat_mul(const float* a, const float* b, float* c, int rows, int cols, int n) {
  const unsigned x = blockIdx.x * blockDim.x + threadIdx.x;  // column of C
  const unsigned y = blockIdx.y * blockDim.y + threadIdx.y;  // row of C
  if (x < (unsigned)cols && y < (unsigned)rows) {
    float s = 0;
    for (int k = 0; k < n; k++) s += A(y, k) * B(k, x);
    C(y, x) = s;
  }
}
