// The shuffles start from s[t] alone: the 32 sums in s[32..63], half of the block, are never added.
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
    float v = s[t];
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffff, v, offset);
    if (t == 0) out[blockIdx.x] = v;
  }
}
