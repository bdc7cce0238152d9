// Never asks cudaGetLastError() after the launch: a failed launch goes unnoticed.
#include <cuda_runtime.h>

// Given: one thread per element. Leave it as it is.
__global__ void square(int* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = i * i;
}

cudaError_t squares_on_device(int* out, int n) {
  const size_t bytes = n * sizeof(int);  // cudaMalloc and cudaMemcpy count bytes, not elements
  int* d_out = nullptr;
  cudaError_t status = cudaMalloc(&d_out, bytes);
  if (status == cudaSuccess) {
    const int threads = 128, blocks = (n + threads - 1) / threads;  // enough blocks to cover n
    square<<<blocks, threads>>>(d_out, n);

  }
  if (status == cudaSuccess) status = cudaMemcpy(out, d_out, bytes, cudaMemcpyDeviceToHost);  // waits for the kernel
  cudaFree(d_out);  // on every path: cudaFree(nullptr) does nothing
  return status;
}
