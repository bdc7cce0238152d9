// One device array scanned in place (in is copied straight into it), every call checked by a
// macro that jumps to the clean-up, and a kernel of its own for the totals.
#include <cuda_runtime.h>

#define TRY(call)                          \
  do {                                     \
    status = (call);                       \
    if (status != cudaSuccess) goto done;  \
  } while (0)

__global__ void scan_chunks(int* data, int* sums, int n) {
  __shared__ int s[256];
  const int t = threadIdx.x;
  const int i = blockIdx.x * 256 + t;
  s[t] = (i < n) ? data[i] : 0;
  __syncthreads();
  for (int offset = 1; offset < 256; offset *= 2) {
    const int earlier = (t >= offset) ? s[t - offset] : 0;
    __syncthreads();
    s[t] += earlier;
    __syncthreads();
  }
  if (i < n) data[i] = s[t];
  if (t == 255) sums[blockIdx.x] = s[255];
}

__global__ void scan_totals(int* sums, int count) {
  __shared__ int s[256];
  const int t = threadIdx.x;
  s[t] = (t < count) ? sums[t] : 0;
  __syncthreads();
  for (int offset = 1; offset < 256; offset *= 2) {
    const int earlier = (t >= offset) ? s[t - offset] : 0;
    __syncthreads();
    s[t] += earlier;
    __syncthreads();
  }
  if (t < count) sums[t] = s[t];
}

__global__ void add_back(int* data, const int* sums, int n) {
  const int i = blockIdx.x * 256 + threadIdx.x;
  if (blockIdx.x > 0 && i < n) data[i] += sums[blockIdx.x - 1];
}

cudaError_t scan(const int* in, int* out, int n) {
  const int blocks = (n + 255) / 256;
  int* d_data = nullptr;
  int* d_sums = nullptr;
  cudaError_t status = cudaSuccess;
  TRY(cudaMalloc(&d_data, n * sizeof(int)));
  TRY(cudaMalloc(&d_sums, blocks * sizeof(int)));
  TRY(cudaMemcpy(d_data, in, n * sizeof(int), cudaMemcpyHostToDevice));
  scan_chunks<<<blocks, 256>>>(d_data, d_sums, n);
  TRY(cudaGetLastError());
  scan_totals<<<1, 256>>>(d_sums, blocks);
  TRY(cudaGetLastError());
  add_back<<<blocks, 256>>>(d_data, d_sums, n);
  TRY(cudaGetLastError());
  TRY(cudaMemcpy(out, d_data, n * sizeof(int), cudaMemcpyDeviceToHost));
done:
  cudaFree(d_data);
  cudaFree(d_sums);
  return status;
}
