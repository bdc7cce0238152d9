// out[v] = how many elements of data equal v (every element is in 0..255); out starts at 0.
// 8 blocks of 256 threads, whatever n: each thread takes its elements in a grid-stride loop.
__global__ void histogram(const int* data, int* out, int n) {
  __shared__ int bins[256];  // this block's own histogram
  const int t = threadIdx.x;

  // 1. Zero the block's bins: one per thread. Nobody counts before every bin is zero.
  bins[t] = 0;
  __syncthreads();

  // 2. Count this thread's elements into the block's bins. Threads of the block may hit the same
  //    bin at the same moment: atomicAdd on shared memory, which is cheap.
  for (int i = blockIdx.x * blockDim.x + t; i < n; i += gridDim.x * blockDim.x) atomicAdd(&bins[data[i]], 1);
  __syncthreads();  // every count of the block is in before anyone reads a bin

  // 3. Thread t adds bin t to the global histogram: one atomicAdd per bin and block (none for an
  //    empty bin), where one per element would queue the whole grid on 256 addresses.
  const int count = bins[t];
  if (count > 0) atomicAdd(&out[t], count);
}
