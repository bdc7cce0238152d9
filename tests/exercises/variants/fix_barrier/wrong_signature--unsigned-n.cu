// n declared unsigned: the parameters must stay the starter's.
__global__ void cumulative_share(const float* a, float* out, unsigned n) {
  __shared__ float values[256];
  const int t = threadIdx.x;
  const unsigned i = blockIdx.x * blockDim.x + t;
  values[t] = (i < n) ? a[i] : 0.f;
  __syncthreads();
  float total = 0.f;
  for (int k = t; k >= 0; --k) total += values[k];
  __syncthreads();
  values[t] = total;
  __syncthreads();
  if (i < n) out[i] = values[t] / values[255];
}
