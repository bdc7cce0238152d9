// The __syncwarp() form: each step reads into a register, waits for the warp, writes, and waits
// again, so no lane writes s[t] while another still reads it.
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
    __syncwarp();
    s[t] = v;
    __syncwarp();
    for (int offset = 16; offset > 0; offset /= 2) {
      v += s[t + offset];
      __syncwarp();
      s[t] = v;
      __syncwarp();
    }
  }
  if (t == 0) out[blockIdx.x] = s[0];
}
