// Adds the block's bin with a plain +=, which reads out[t]: blocks adding to the same bin at the
// same time lose each other's counts.
__global__ void histogram(const int* data, int* out, int n) {
  __shared__ int bins[256];
  const int t = threadIdx.x;
  bins[t] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + t; i < n; i += gridDim.x * blockDim.x) atomicAdd(&bins[data[i]], 1);
  __syncthreads();
  out[t] += bins[t];
}
