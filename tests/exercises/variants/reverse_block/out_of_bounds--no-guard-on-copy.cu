// The copy into shared memory has no guard: the idle threads of the last block read past the end of a.
__global__ void reverse_blocks(const float* a, float* out, int n) {
  __shared__ float chunk[256];
  const int t = threadIdx.x;
  const int start = blockIdx.x * blockDim.x;
  const int i = start + t;
  const int length = min(static_cast<int>(blockDim.x), n - start);
  chunk[t] = a[i];
  __syncthreads();
  if (t < length) out[i] = chunk[length - 1 - t];
}
