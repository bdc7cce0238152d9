// The old "last warp needs no barrier" trick: below 32 the steps run without __syncthreads() and
// without __syncwarp(), through a volatile pointer. Since Volta the threads of a warp are not
// guaranteed to run in lockstep, so the steps race.
__global__ void dot(const float* a, const float* b, float* out, int n) {
  __shared__ float products[256];
  const int t = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + t;
  products[t] = (i < n) ? a[i] * b[i] : 0.f;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 32; stride /= 2) {
    if (t < stride) products[t] += products[t + stride];
    __syncthreads();
  }
  if (t < 32) {
    volatile float* p = products;
    p[t] += p[t + 32];
    p[t] += p[t + 16];
    p[t] += p[t + 8];
    p[t] += p[t + 4];
    p[t] += p[t + 2];
    p[t] += p[t + 1];
  }
  if (t == 0) atomicAdd(&out[0], products[0]);
}
