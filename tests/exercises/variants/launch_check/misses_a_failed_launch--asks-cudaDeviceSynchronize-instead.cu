// Asks cudaDeviceSynchronize() instead of cudaGetLastError(): it reports what went wrong while a
// kernel ran, not a launch that never started, so the failed launch goes unnoticed.
#include <cuda_runtime.h>

__global__ void mark(int* marks) {
  marks[blockIdx.x * blockDim.x + threadIdx.x] = 1;
}

cudaError_t mark_blocks(int* out, int blocks, int threads) {
  const size_t bytes = static_cast<size_t>(blocks) * threads * sizeof(int);
  int* d_marks = nullptr;
  cudaError_t status = cudaMalloc(&d_marks, bytes);
  if (status == cudaSuccess) status = cudaMemset(d_marks, 0, bytes);
  if (status == cudaSuccess) {
    mark<<<blocks, threads>>>(d_marks);
    status = cudaDeviceSynchronize();
  }
  if (status == cudaSuccess) status = cudaMemcpy(out, d_marks, bytes, cudaMemcpyDeviceToHost);
  cudaFree(d_marks);
  return status;
}
