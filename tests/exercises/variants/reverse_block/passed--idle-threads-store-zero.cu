__global__ void reverse_blocks(const float* a, float* out, int n) {
  __shared__ float chunk[256];
  unsigned t = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + t;
  chunk[t] = (i < (unsigned)n) ? a[i] : 0.0f;  // every slot filled, even past the end
  __syncthreads();
  unsigned start = blockIdx.x * blockDim.x;
  unsigned len = min(blockDim.x, (unsigned)n - start);
  if (t < len) out[i] = chunk[len - 1 - t];
}
