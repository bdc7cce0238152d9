// The barrier is there, but after the mirrored read instead of between the copy and the read.
__global__ void reverse_blocks(const float* a, float* out, int n) {
  __shared__ float chunk[256];
  const int t = threadIdx.x;
  const int start = blockIdx.x * blockDim.x;
  const int i = start + t;
  const int length = min(static_cast<int>(blockDim.x), n - start);
  if (i < n) chunk[t] = a[i];
  if (t < length) out[i] = chunk[length - 1 - t];
  __syncthreads();
}
