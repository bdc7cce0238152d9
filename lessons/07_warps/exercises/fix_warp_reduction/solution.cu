// out[b] = the sum of block b's chunk of 256 elements of a (0 past the end).
// Blocks of 256 threads, ceil(n / 256) blocks.
__global__ void block_sums(const float* a, float* out, int n) {
  __shared__ float s[256];
  const int t = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + t;

  s[t] = (i < n) ? a[i] : 0.f;  // idle threads hold 0: it adds nothing
  __syncthreads();

  // The tree, with a barrier after every step, down to 64 sums.
  for (int stride = blockDim.x / 2; stride > 32; stride /= 2) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }

  // The last warp hands its values over with shuffles: no shared memory, so nothing to race on.
  // All 32 lanes of warp 0 make every call, as the mask 0xffffffff says.
  if (t < 32) {
    float v = s[t] + s[t + 32];
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffff, v, offset);
    if (t == 0) out[blockIdx.x] = v;  // lane 0 holds the block's sum
  }
}
