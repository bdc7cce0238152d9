// One barrier per step: thread t may read sums[t - offset] after its owner already added to it
// in the same step: a data race, which the emulator's detector names; a GPU gets it wrong only
// sometimes.
__global__ void block_scan(const int* a, int* out, int n) {
  __shared__ int sums[256];
  const int t = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + t;
  sums[t] = (i < n) ? a[i] : 0;
  __syncthreads();
  for (int offset = 1; offset < blockDim.x; offset *= 2) {
    if (t >= offset) sums[t] += sums[t - offset];
    __syncthreads();
  }
  if (i < n) out[i] = sums[t];
}
