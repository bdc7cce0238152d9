// Never zeroes the shared bins: shared memory starts with whatever was there, not 0.
__global__ void histogram(const int* data, int* out, int n) {
  __shared__ int bins[256];
  const int t = threadIdx.x;
  for (int i = blockIdx.x * blockDim.x + t; i < n; i += gridDim.x * blockDim.x) atomicAdd(&bins[data[i]], 1);
  __syncthreads();
  if (bins[t] > 0) atomicAdd(&out[t], bins[t]);
}
