// Within each block's chunk of 256 elements: out[i] = a[start] + … + a[i] (an inclusive scan).
// Blocks of 256 threads, ceil(n / 256) blocks.
__global__ void block_scan(const int* a, int* out, int n) {
  __shared__ int sums[256];
  // TODO: load this thread's element into sums (0 when idle), build the running totals in
  // shared memory with steps of offset 1, 2, 4, … 128, then write this thread's total to out.
}
