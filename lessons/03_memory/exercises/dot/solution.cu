// out[0] = a[0]*b[0] + … + a[n-1]*b[n-1]; out[0] starts at 0.
// Blocks of 256 threads, ceil(n / 256) blocks.
__global__ void dot(const float* a, const float* b, float* out, int n) {
  __shared__ float products[256];
  const int t = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + t;

  products[t] = (i < n) ? a[i] * b[i] : 0.f;  // idle threads add nothing
  __syncthreads();

  // Tree reduction: 128 additions, then 64, … then 1; the barrier is reached by every thread.
  for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (t < stride) products[t] += products[t + stride];
    __syncthreads();
  }

  if (t == 0) atomicAdd(&out[0], products[0]);  // blocks finish in any order: add atomically
}
