// Correct: the optional arguments written out (no dynamic shared memory, no block size limit),
// the configuration in dim3, and the block count rounded up another way.
#include <cuda_runtime.h>

// Given: one thread per element, with a guard. Leave it as it is.
__global__ void scale_kernel(float* data, int n, float a) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] *= a;
}

cudaError_t scale_all(float* data, int n, float a) {
  int min_grid_size = 0, block_size = 0;
  cudaError_t err = cudaOccupancyMaxPotentialBlockSize(&min_grid_size, &block_size, scale_kernel, 0, 0);
  if (err != cudaSuccess) return err;
  const dim3 block(block_size);
  const dim3 grid(n / block_size + (n % block_size != 0 ? 1 : 0));

  float* d_data;
  err = cudaMalloc(&d_data, n * sizeof(float));
  if (err != cudaSuccess) return err;
  err = cudaMemcpy(d_data, data, n * sizeof(float), cudaMemcpyHostToDevice);
  if (err == cudaSuccess) {
    scale_kernel<<<grid, block>>>(d_data, n, a);
    err = cudaGetLastError();
  }
  if (err == cudaSuccess) err = cudaMemcpy(data, d_data, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d_data);
  return err;
}
