// Correct, with dim3 for the configuration and an early return that frees before it leaves.
#include <cuda_runtime.h>

__global__ void square(int* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = i * i;
}

cudaError_t squares_on_device(int* out, int n) {
  int* device_squares;
  cudaError_t err = cudaMalloc(&device_squares, n * sizeof(*device_squares));
  if (err != cudaSuccess) return err;
  const dim3 block(128);
  const dim3 grid((n + block.x - 1) / block.x);
  square<<<grid, block>>>(device_squares, n);
  err = cudaGetLastError();
  if (err != cudaSuccess) {
    cudaFree(device_squares);
    return err;
  }
  err = cudaMemcpy(out, device_squares, n * sizeof(*device_squares), cudaMemcpyDeviceToHost);
  const cudaError_t freed = cudaFree(device_squares);
  return err != cudaSuccess ? err : freed;
}
