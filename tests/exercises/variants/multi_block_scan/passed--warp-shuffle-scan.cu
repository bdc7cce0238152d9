// The chunk scan by this chapter's tools: __shfl_up_sync within each warp, then the 8 warps'
// totals scanned by the first warp through shared memory. One kernel for steps 1 and 2.
#include <cuda_runtime.h>

__global__ void scan_blocks(const int* in, int* out, int* sums, int n) {
  __shared__ int warp_totals[8];
  const int t = threadIdx.x, lane = t % 32, warp = t / 32;
  const int i = blockIdx.x * blockDim.x + t;
  int x = (i < n) ? in[i] : 0;
  for (int offset = 1; offset < 32; offset *= 2) {
    const int y = __shfl_up_sync(0xffffffff, x, offset);
    if (lane >= offset) x += y;
  }
  if (lane == 31) warp_totals[warp] = x;
  __syncthreads();
  if (warp == 0) {
    int w = (lane < 8) ? warp_totals[lane] : 0;
    for (int offset = 1; offset < 8; offset *= 2) {
      const int y = __shfl_up_sync(0xffffffff, w, offset);
      if (lane >= offset) w += y;
    }
    if (lane < 8) warp_totals[lane] = w;
  }
  __syncthreads();
  if (warp > 0) x += warp_totals[warp - 1];
  if (i < n) out[i] = x;
  if (sums != nullptr && t == blockDim.x - 1) sums[blockIdx.x] = x;
}

__global__ void add_sums(int* out, const int* sums, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (blockIdx.x > 0 && i < n) out[i] += sums[blockIdx.x - 1];
}

cudaError_t scan(const int* in, int* out, int n) {
  const int blocks = (n + 255) / 256;
  int *d_in = nullptr, *d_out = nullptr, *d_sums = nullptr;
  cudaError_t status = cudaMalloc(&d_in, n * sizeof(int));
  if (status == cudaSuccess) status = cudaMalloc(&d_out, n * sizeof(int));
  if (status == cudaSuccess) status = cudaMalloc(&d_sums, blocks * sizeof(int));
  if (status == cudaSuccess) status = cudaMemcpy(d_in, in, n * sizeof(int), cudaMemcpyHostToDevice);
  if (status == cudaSuccess) {
    scan_blocks<<<blocks, 256>>>(d_in, d_out, d_sums, n);
    status = cudaGetLastError();
  }
  if (status == cudaSuccess) {
    scan_blocks<<<1, 256>>>(d_sums, d_sums, nullptr, blocks);
    status = cudaGetLastError();
  }
  if (status == cudaSuccess) {
    add_sums<<<blocks, 256>>>(d_out, d_sums, n);
    status = cudaGetLastError();
  }
  if (status == cudaSuccess) status = cudaMemcpy(out, d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
  cudaFree(d_in);
  cudaFree(d_out);
  cudaFree(d_sums);
  return status;
}
