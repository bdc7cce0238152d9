#define STEP(s)                                        \
  if (t < (s)) products[t] += products[t + (s)];       \
  __syncthreads();

__global__ void dot(const float* a, const float* b, float* out, int n) {
  __shared__ float products[256];
  int t = threadIdx.x;
  int i = blockIdx.x * 256 + t;
  float p = 0.f;
  if (i < n) p = a[i] * b[i];
  products[t] = p;
  __syncthreads();
  STEP(128)
  STEP(64)
  STEP(32)
  STEP(16)
  STEP(8)
  STEP(4)
  STEP(2)
  STEP(1)
  if (t == 0) atomicAdd(&out[0], products[0]);
}
