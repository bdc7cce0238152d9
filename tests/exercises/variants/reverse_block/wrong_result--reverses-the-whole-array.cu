// Reverses the whole array instead of every chunk: reads another block's element straight
// from a, and the block-sized reversal never happens.
__global__ void reverse_blocks(const float* a, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = a[n - 1 - i];
}
