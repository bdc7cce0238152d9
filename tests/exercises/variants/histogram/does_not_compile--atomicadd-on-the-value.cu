// atomicAdd takes the address of the bin, &bins[v], not its value.
__global__ void histogram(const int* data, int* out, int n) {
  __shared__ int bins[256];
  const int t = threadIdx.x;
  bins[t] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + t; i < n; i += gridDim.x * blockDim.x) atomicAdd(bins[data[i]], 1);
  __syncthreads();
  if (bins[t] > 0) atomicAdd(&out[t], bins[t]);
}
