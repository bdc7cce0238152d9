// Correct: the launch configuration in dim3 variables, and each failure returned where it happens
// after freeing what exists so far.
#include <cuda_runtime.h>

// Given: a grid-stride loop, so any number of blocks covers any n. Leave it as it is.
__global__ void saxpy(const float* x, float* y, int n, float a) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) y[i] = a * x[i] + y[i];
}

cudaError_t saxpy_resident(const float* x, float* y, int n, float a) {
  const dim3 block(256);
  int sms = 0, per_sm = 0;
  cudaError_t err = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  if (err != cudaSuccess) return err;
  err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, saxpy, block.x, 0);
  if (err != cudaSuccess) return err;
  const dim3 grid(sms * per_sm);

  float* d_x;
  err = cudaMalloc(&d_x, n * sizeof(float));
  if (err != cudaSuccess) return err;
  float* d_y;
  err = cudaMalloc(&d_y, n * sizeof(float));
  if (err != cudaSuccess) { cudaFree(d_x); return err; }
  cudaMemcpy(d_x, x, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_y, y, n * sizeof(float), cudaMemcpyHostToDevice);
  saxpy<<<grid, block>>>(d_x, d_y, n, a);
  err = cudaGetLastError();
  if (err == cudaSuccess) err = cudaMemcpy(y, d_y, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d_x);
  cudaFree(d_y);
  return err;
}
