// Only the lanes whose sums still matter add (t < offset), so no lane writes what another reads in
// the same step; a __syncwarp() by all 32 lanes separates the steps.
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
    for (int offset = 16; offset > 0; offset /= 2) {
      if (t < offset) s[t] += s[t + offset];
      __syncwarp();
    }
  }
  if (t == 0) out[blockIdx.x] = s[0];
}
