// out[b] = the sum of block b's chunk of 256 elements of a (0 past the end).
// Blocks of 256 threads, ceil(n / 256) blocks.
// TODO: this kernel is the classic reduction of old books, and it is wrong since Volta: its last
// 32 sums are added "warp-synchronously", with no barrier at all. Make the last warp's steps safe.
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

  // The last warp: "its 32 lanes run in lockstep, so no barrier is needed". Not since Volta.
  if (t < 32) {
    s[t] += s[t + 32];
    s[t] += s[t + 16];
    s[t] += s[t + 8];
    s[t] += s[t + 4];
    s[t] += s[t + 2];
    s[t] += s[t + 1];
  }

  if (t == 0) out[blockIdx.x] = s[0];
}
