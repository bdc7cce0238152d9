// c = a · b: a is m × k, b is k × n, c is m × n, all row by row (a[row * k + kk]).
// Blocks of 32 × 8 threads, one block per 32 × 32 tile of c: ceil(n / 32) × ceil(m / 32) blocks.
// Thread (tx, ty) computes the 4 elements of column blockIdx.x * 32 + tx in the rows
// blockIdx.y * 32 + 4 * ty, + 1, + 2 and + 3: a strip of one column.
__global__ void mat_mul_x4(const float* a, const float* b, float* c, int m, int n, int k) {
  const int col = blockIdx.x * 32 + threadIdx.x;
  const int row = blockIdx.y * 32 + 4 * threadIdx.y;  // the strip's first row
  // TODO: keep 4 sums in registers. At each step kk, read b[kk * n + col] once and add its
  // product with a[(row + t) * k + kk] to sum t, for the rows row + t that are inside c (m need
  // not be a multiple of 4). At the end, write each sum once to c[(row + t) * n + col].
}
