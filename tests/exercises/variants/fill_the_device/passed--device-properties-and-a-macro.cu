// Correct: the SM count from cudaGetDeviceProperties, every call checked by a macro.
#include <cuda_runtime.h>

// Given: a grid-stride loop, so any number of blocks covers any n. Leave it as it is.
__global__ void saxpy(const float* x, float* y, int n, float a) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) y[i] = a * x[i] + y[i];
}

#define TRY(call)                                      \
  do {                                                 \
    cudaError_t e = (call);                            \
    if (e != cudaSuccess) { status = e; goto done; }   \
  } while (0)

cudaError_t saxpy_resident(const float* x, float* y, int n, float a) {
  cudaError_t status = cudaSuccess;
  float *d_x = nullptr, *d_y = nullptr;
  const size_t bytes = sizeof(float) * n;
  int device = 0, per_sm = 0;
  cudaDeviceProp prop;
  TRY(cudaGetDevice(&device));
  TRY(cudaGetDeviceProperties(&prop, device));
  TRY(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, saxpy, 256, 0));
  TRY(cudaMalloc((void**)&d_x, bytes));
  TRY(cudaMalloc((void**)&d_y, bytes));
  TRY(cudaMemcpy(d_x, x, bytes, cudaMemcpyHostToDevice));
  TRY(cudaMemcpy(d_y, y, bytes, cudaMemcpyHostToDevice));
  saxpy<<<prop.multiProcessorCount * per_sm, 256>>>(d_x, d_y, n, a);
  TRY(cudaGetLastError());
  TRY(cudaDeviceSynchronize());
  TRY(cudaMemcpy(y, d_y, bytes, cudaMemcpyDeviceToHost));
done:
  cudaFree(d_x);
  cudaFree(d_y);
  return status;
}
