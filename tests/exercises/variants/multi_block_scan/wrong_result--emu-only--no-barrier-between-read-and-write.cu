// The barrier between a step's reads and its writes is gone: thread t may read s[t - offset] after
// thread t - offset has already added to it, and count some elements twice.
#include <cuda_runtime.h>

__global__ void scan_blocks(const int* in, int* out, int* sums, int n) {
  __shared__ int s[256];
  const int t = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + t;
  s[t] = (i < n) ? in[i] : 0;
  __syncthreads();
  for (int offset = 1; offset < blockDim.x; offset *= 2) {
    const int earlier = (t >= offset) ? s[t - offset] : 0;
    s[t] += earlier;
    __syncthreads();
  }
  if (i < n) out[i] = s[t];
  if (sums != nullptr && t == blockDim.x - 1) sums[blockIdx.x] = s[t];
}

__global__ void add_sums(int* out, const int* sums, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (blockIdx.x > 0 && i < n) out[i] += sums[blockIdx.x - 1];
}

cudaError_t scan(const int* in, int* out, int n) {
  const int threads = 256, blocks = (n + threads - 1) / threads;
  int *d_in = nullptr, *d_out = nullptr, *d_sums = nullptr;
  cudaError_t status = cudaMalloc(&d_in, n * sizeof(int));
  if (status == cudaSuccess) status = cudaMalloc(&d_out, n * sizeof(int));
  if (status == cudaSuccess) status = cudaMalloc(&d_sums, blocks * sizeof(int));
  if (status == cudaSuccess) status = cudaMemcpy(d_in, in, n * sizeof(int), cudaMemcpyHostToDevice);
  if (status == cudaSuccess) {
    scan_blocks<<<blocks, threads>>>(d_in, d_out, d_sums, n);
    status = cudaGetLastError();
  }
  if (status == cudaSuccess) {
    scan_blocks<<<1, threads>>>(d_sums, d_sums, nullptr, blocks);
    status = cudaGetLastError();
  }
  if (status == cudaSuccess) {
    add_sums<<<blocks, threads>>>(d_out, d_sums, n);
    status = cudaGetLastError();
  }
  if (status == cudaSuccess) status = cudaMemcpy(out, d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
  cudaFree(d_in);
  cudaFree(d_out);
  cudaFree(d_sums);
  return status;
}
