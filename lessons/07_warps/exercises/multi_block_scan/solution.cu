// out[i] = in[0] + in[1] + … + in[i] (an inclusive scan) of n ints, 1 <= n <= 65536, on the device:
// three launches — scan each block's chunk, scan the chunks' totals, add them back.
#include <cuda_runtime.h>

// 1. Each block scans its chunk of 256 elements of in into out, as chapter 3's prefix_sum does,
//    and its last thread writes the chunk's total into sums[blockIdx.x] (when sums is not null).
//    In place (in == out) is fine: every thread reads its element before the first barrier.
__global__ void scan_blocks(const int* in, int* out, int* sums, int n) {
  __shared__ int s[256];
  const int t = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + t;
  s[t] = (i < n) ? in[i] : 0;
  __syncthreads();
  for (int offset = 1; offset < blockDim.x; offset *= 2) {
    const int earlier = (t >= offset) ? s[t - offset] : 0;
    __syncthreads();  // every read of this step is done before anyone writes
    s[t] += earlier;
    __syncthreads();  // every write is done before the next step reads
  }
  if (i < n) out[i] = s[t];
  if (sums != nullptr && t == blockDim.x - 1) sums[blockIdx.x] = s[t];  // the chunk's total
}

// 3. Every element of chunk b > 0 gets the total of the chunks before it: sums[b - 1], once the
//    totals are scanned.
__global__ void add_sums(int* out, const int* sums, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (blockIdx.x > 0 && i < n) out[i] += sums[blockIdx.x - 1];
}

cudaError_t scan(const int* in, int* out, int n) {
  const int threads = 256, blocks = (n + threads - 1) / threads;  // at most 256 chunks
  int *d_in = nullptr, *d_out = nullptr, *d_sums = nullptr;
  cudaError_t status = cudaMalloc(&d_in, n * sizeof(int));
  if (status == cudaSuccess) status = cudaMalloc(&d_out, n * sizeof(int));
  if (status == cudaSuccess) status = cudaMalloc(&d_sums, blocks * sizeof(int));
  if (status == cudaSuccess) status = cudaMemcpy(d_in, in, n * sizeof(int), cudaMemcpyHostToDevice);
  if (status == cudaSuccess) {
    scan_blocks<<<blocks, threads>>>(d_in, d_out, d_sums, n);  // 1. each chunk, and its total
    status = cudaGetLastError();
  }
  if (status == cudaSuccess) {
    scan_blocks<<<1, threads>>>(d_sums, d_sums, nullptr, blocks);  // 2. the totals, in one block
    status = cudaGetLastError();
  }
  if (status == cudaSuccess) {
    add_sums<<<blocks, threads>>>(d_out, d_sums, n);  // 3. the totals added back
    status = cudaGetLastError();
  }
  // Launches on one stream run in order, and this copy waits for the last of them.
  if (status == cudaSuccess) status = cudaMemcpy(out, d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
  cudaFree(d_in);
  cudaFree(d_out);
  cudaFree(d_sums);
  return status;
}
