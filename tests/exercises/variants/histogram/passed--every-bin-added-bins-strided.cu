// Loops over the bins with the block's stride (it works for any block size) and adds every bin,
// empty ones too: still at most one write of out per thread with 256 threads.
__global__ void histogram(const int* data, int* out, int n) {
  __shared__ int bins[256];
  for (int b = threadIdx.x; b < 256; b += blockDim.x) bins[b] = 0;
  __syncthreads();
  const int stride = gridDim.x * blockDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    const int v = data[i];
    atomicAdd(&bins[v], 1);
  }
  __syncthreads();
  for (int b = threadIdx.x; b < 256; b += blockDim.x) atomicAdd(&out[b], bins[b]);
}
