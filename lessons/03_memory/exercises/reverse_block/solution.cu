// Each block reverses its own chunk of 256 elements of a (the last chunk may be shorter) into out.
// Blocks of 256 threads, ceil(n / 256) blocks.
__global__ void reverse_blocks(const float* a, float* out, int n) {
  __shared__ float chunk[256];
  const int t = threadIdx.x;
  const int start = blockIdx.x * blockDim.x;
  const int i = start + t;
  const int length = min(static_cast<int>(blockDim.x), n - start);  // L: shorter in the last block

  if (i < n) chunk[t] = a[i];  // one coalesced read per thread
  __syncthreads();             // every element of the chunk is in place before anyone reads it
  if (t < length) out[i] = chunk[length - 1 - t];  // one coalesced write per thread
}
