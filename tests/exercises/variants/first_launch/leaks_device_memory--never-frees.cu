// Never frees the device array: every call leaves n ints allocated on the device.
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
    status = cudaGetLastError();  // a launch returns nothing: its error waits for this question
  }
  if (status == cudaSuccess) status = cudaMemcpy(out, d_out, bytes, cudaMemcpyDeviceToHost);  // waits for the kernel
  return status;
}
