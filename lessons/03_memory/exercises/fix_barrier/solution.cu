// Swaps the two halves of each block's chunk of 256 elements: out[start + t] = a[start + (t ^ 128)].
// In the last chunk, an element whose partner lies past the end keeps its own value.
// Blocks of 256 threads, ceil(n / 256) blocks.
__global__ void swap_halves(const float* a, float* out, int n) {
  __shared__ float chunk[256];
  const int t = threadIdx.x;
  const int start = blockIdx.x * blockDim.x;
  const int i = start + t;

  if (i < n) chunk[t] = a[i];
  // The partner's element is written by a thread of another warp: wait until every thread of the
  // block has written its element before anyone reads one.
  __syncthreads();

  const int partner = t ^ 128;  // t + 128 in the first half, t - 128 in the second
  if (i < n) out[i] = (start + partner < n) ? chunk[partner] : chunk[t];
}
