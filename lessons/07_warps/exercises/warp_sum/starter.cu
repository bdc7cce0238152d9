// out[0] = a[0] + a[1] + … + a[n-1]; out[0] starts at 0.
// Blocks of 256 threads (8 warps), ceil(n / 256) blocks.
__global__ void warp_sum(const float* a, float* out, int n) {
  __shared__ float warp_sums[8];
  // TODO: take this thread's element (0 when idle) and add the warp's 32 values with
  // __shfl_down_sync; lane 0 puts its warp's sum in warp_sums. After a barrier, the first warp adds
  // the 8 sums the same way, and thread 0 adds the block's sum to out[0] with atomicAdd.
}
