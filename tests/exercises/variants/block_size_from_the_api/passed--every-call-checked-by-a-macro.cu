// Correct: every call checked by a macro that returns the first error.
#include <cuda_runtime.h>

// Given: one thread per element, with a guard. Leave it as it is.
__global__ void scale_kernel(float* data, int n, float a) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] *= a;
}

#define TRY(call)                                      \
  do {                                                 \
    cudaError_t e = (call);                            \
    if (e != cudaSuccess) { status = e; goto done; }   \
  } while (0)

cudaError_t scale_all(float* data, int n, float a) {
  cudaError_t status = cudaSuccess;
  float* d_data = nullptr;
  const size_t bytes = sizeof(float) * n;
  int min_grid, block, blocks;
  TRY(cudaOccupancyMaxPotentialBlockSize(&min_grid, &block, scale_kernel));
  blocks = (n + block - 1) / block;
  TRY(cudaMalloc((void**)&d_data, bytes));
  TRY(cudaMemcpy(d_data, data, bytes, cudaMemcpyHostToDevice));
  scale_kernel<<<blocks, block>>>(d_data, n, a);
  TRY(cudaGetLastError());
  TRY(cudaDeviceSynchronize());
  TRY(cudaMemcpy(data, d_data, bytes, cudaMemcpyDeviceToHost));
done:
  cudaFree(d_data);
  return status;
}
