// y = A·x: A has m × n elements, row by row (element (i, k) is a[i * n + k]); x has n, y has m.
// Blocks of 128 threads, ceil(m / 128) blocks: thread i computes y[i], the dot product of row i of
// A with x.
__global__ void mat_vec(const float* a, const float* x, float* y, int m, int n) {
  // TODO: i from the block and thread index; if i < m, add up row i of A times x in a local
  // variable and write y[i] once.
}
