// No barrier between zeroing and counting: a thread that zeroes its bin late wipes out what the
// block's faster threads already counted there.
__global__ void histogram(const int* data, int* out, int n) {
  __shared__ int bins[256];
  const int t = threadIdx.x;
  bins[t] = 0;
  for (int i = blockIdx.x * blockDim.x + t; i < n; i += gridDim.x * blockDim.x) atomicAdd(&bins[data[i]], 1);
  __syncthreads();
  if (bins[t] > 0) atomicAdd(&out[t], bins[t]);
}
