// No tree: every thread adds its product to one shared float with atomicAdd, and thread 0 adds
// the block's total to out[0].
__global__ void dot(const float* a, const float* b, float* out, int n) {
  __shared__ float block_sum;
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0) block_sum = 0.f;
  __syncthreads();
  if (i < n) atomicAdd(&block_sum, a[i] * b[i]);
  __syncthreads();
  if (threadIdx.x == 0) atomicAdd(out, block_sum);
}
