// `__syncthreads;` names the function without calling it: it compiles, and does nothing.
__global__ void cumulative_share(const float* a, float* out, int n) {
  __shared__ float values[256];
  const int t = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + t;

  values[t] = (i < n) ? a[i] : 0.f;
  __syncthreads();

  float total = 0.f;
  for (int k = t; k >= 0; --k) total += values[k];
  __syncthreads;
  values[t] = total;
  __syncthreads();

  if (i < n) out[i] = values[t] / values[255];
}
