// out[i] = k * a[i], one element per thread
__global__ void scale(const float* a, float* out, float k) {
  unsigned int block_start = blockIdx.x * blockDim.x;  // elements owned by the blocks before mine
  unsigned int i = block_start + threadIdx.x;
  out[i] = a[i] * k;
}
