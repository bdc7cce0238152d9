// The old books' fix: the array declared volatile. It makes the compiler reload s at every step,
// but it does not order the lanes: lane 0 still reads s[16] while lane 16 writes it.
__global__ void block_sums(const float* a, float* out, int n) {
  volatile __shared__ float s[256];
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
    s[t] += s[t + 16];
    s[t] += s[t + 8];
    s[t] += s[t + 4];
    s[t] += s[t + 2];
    s[t] += s[t + 1];
  }
  if (t == 0) out[blockIdx.x] = s[0];
}
