// out[0] = a[0]*b[0] + … + a[n-1]*b[n-1]; out[0] starts at 0.
// Blocks of 256 threads, ceil(n / 256) blocks.
__global__ void dot(const float* a, const float* b, float* out, int n) {
  __shared__ float products[256];
  // TODO: store this thread's product (0 when idle), add the block's products together in
  // shared memory, and let one thread add the block's sum to out[0] with atomicAdd.
}
