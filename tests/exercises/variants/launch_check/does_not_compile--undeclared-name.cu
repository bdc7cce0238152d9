// An undeclared name: the device array is called d_marks, not marks_on_device.
#include <cuda_runtime.h>

// Given: each thread marks its slot. Leave it as it is.
__global__ void mark(int* marks) {
  marks[blockIdx.x * blockDim.x + threadIdx.x] = 1;
}

cudaError_t mark_blocks(int* out, int blocks, int threads) {
  const size_t bytes = static_cast<size_t>(blocks) * threads * sizeof(int);  // one int per thread
  int* d_marks = nullptr;
  cudaError_t status = cudaMalloc(&d_marks, bytes);
  if (status == cudaSuccess) status = cudaMemset(d_marks, 0, bytes);
  if (status == cudaSuccess) {
    mark<<<blocks, threads>>>(marks_on_device);
    // A launch the device refuses (more than 1024 threads per block) returns nothing and runs
    // nothing: only this question tells.
    status = cudaGetLastError();
  }
  // Copied back only after a launch that ran.
  if (status == cudaSuccess) status = cudaMemcpy(out, d_marks, bytes, cudaMemcpyDeviceToHost);
  cudaFree(d_marks);  // on every path, the failed launch's too
  return status;
}
