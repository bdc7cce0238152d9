// Every thread adds its product to one shared float with +=: the read-modify-writes race.
__global__ void dot(const float* a, const float* b, float* out, int n) {
  __shared__ float block_sum;
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0) block_sum = 0.f;
  __syncthreads();
  if (i < n) block_sum += a[i] * b[i];
  __syncthreads();
  if (threadIdx.x == 0) atomicAdd(out, block_sum);
}
