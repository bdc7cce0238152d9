// Correct: each failure frees what it allocated and returns at once.
#include <cuda_runtime.h>

__global__ void mark(int* marks) {
  marks[blockIdx.x * blockDim.x + threadIdx.x] = 1;
}

cudaError_t mark_blocks(int* out, int blocks, int threads) {
  const int count = blocks * threads;
  int* d_marks;
  cudaError_t err = cudaMalloc((void**)&d_marks, count * sizeof(int));
  if (err != cudaSuccess) return err;
  err = cudaMemset(d_marks, 0, count * sizeof(int));
  if (err != cudaSuccess) {
    cudaFree(d_marks);
    return err;
  }
  mark<<<blocks, threads>>>(d_marks);
  err = cudaGetLastError();
  if (err != cudaSuccess) {
    cudaFree(d_marks);  // the refused launch's array is freed too
    return err;
  }
  err = cudaMemcpy(out, d_marks, count * sizeof(int), cudaMemcpyDeviceToHost);
  cudaFree(d_marks);
  return err;
}
