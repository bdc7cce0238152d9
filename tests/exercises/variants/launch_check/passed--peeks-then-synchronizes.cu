// Correct: cudaPeekAtLastError() for the launch, cudaDeviceSynchronize() for the run, one exit.
#include <cuda_runtime.h>

__global__ void mark(int* marks) {
  marks[blockIdx.x * blockDim.x + threadIdx.x] = 1;
}

cudaError_t mark_blocks(int* out, int blocks, int threads) {
  const size_t bytes = sizeof(int) * blocks * threads;
  int* d_marks = nullptr;
  cudaError_t status = cudaMalloc(&d_marks, bytes);
  if (!status) status = cudaMemset(d_marks, 0, bytes);
  if (!status) {
    mark<<<dim3(blocks), dim3(threads)>>>(d_marks);
    status = cudaPeekAtLastError();
  }
  if (!status) status = cudaDeviceSynchronize();
  if (!status) status = cudaMemcpy(out, d_marks, bytes, cudaMemcpyDeviceToHost);
  cudaFree(d_marks);
  return status;
}
