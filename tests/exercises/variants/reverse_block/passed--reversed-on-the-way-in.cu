// The other way round: each thread stores its element at the mirrored place of the chunk, and
// after the barrier reads its own place.
__global__ void reverse_blocks(const float* a, float* out, int n) {
  __shared__ float chunk[256];
  int t = threadIdx.x;
  int start = blockIdx.x * blockDim.x;
  int len = n - start < 256 ? n - start : 256;
  if (t < len) chunk[len - 1 - t] = a[start + t];
  __syncthreads();
  if (t < len) out[start + t] = chunk[t];
}
