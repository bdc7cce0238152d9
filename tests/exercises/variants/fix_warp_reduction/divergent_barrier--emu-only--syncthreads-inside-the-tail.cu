// __syncthreads() between the steps, but inside if (t < 32): the other 224 threads of the block
// never reach it. A block barrier must be reached by every thread; a warp's is __syncwarp().
__global__ void block_sums(const float* a, float* out, int n) {
  __shared__ float s[256];
  const int t = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + t;
  s[t] = (i < n) ? a[i] : 0.f;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 32; stride /= 2) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }
  if (t < 32) {
    for (int stride = 32; stride > 0; stride /= 2) {
      const float x = s[t + stride];
      __syncthreads();
      s[t] += x;
      __syncthreads();
    }
  }
  if (t == 0) out[blockIdx.x] = s[0];
}
