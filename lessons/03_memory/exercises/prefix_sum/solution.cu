// Within each block's chunk of 256 elements: out[i] = a[start] + … + a[i] (an inclusive scan).
// Blocks of 256 threads, ceil(n / 256) blocks.
__global__ void block_scan(const int* a, int* out, int n) {
  __shared__ int sums[256];
  const int t = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + t;

  sums[t] = (i < n) ? a[i] : 0;
  __syncthreads();

  // After the step with offset d, sums[t] holds the total of the 2d elements ending at t (or of
  // all of them from the chunk's start, when there are fewer).
  for (int offset = 1; offset < blockDim.x; offset *= 2) {
    const int earlier = (t >= offset) ? sums[t - offset] : 0;
    __syncthreads();  // every read of this step is done before anyone writes
    sums[t] += earlier;
    __syncthreads();  // every write is done before the next step reads
  }

  if (i < n) out[i] = sums[t];
}
