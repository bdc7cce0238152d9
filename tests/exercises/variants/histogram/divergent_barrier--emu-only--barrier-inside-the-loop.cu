// A barrier inside the grid-stride loop: threads with fewer elements leave the loop early and
// never reach the barrier that the others wait at.
__global__ void histogram(const int* data, int* out, int n) {
  __shared__ int bins[256];
  const int t = threadIdx.x;
  bins[t] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + t; i < n; i += gridDim.x * blockDim.x) {
    atomicAdd(&bins[data[i]], 1);
    __syncthreads();
  }
  __syncthreads();
  if (bins[t] > 0) atomicAdd(&out[t], bins[t]);
}
