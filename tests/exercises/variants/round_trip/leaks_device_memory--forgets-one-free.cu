// Forgets to free one of the three device arrays.
#include <cuda_runtime.h>

// Given: one thread per element. Leave it as it is.
__global__ void add(const float* x, const float* y, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = x[i] + y[i];
}

cudaError_t add_on_device(const float* x, const float* y, float* out, int n) {
  const size_t bytes = n * sizeof(float);  // cudaMalloc and cudaMemcpy count bytes, not elements
  float *d_x = nullptr, *d_y = nullptr, *d_out = nullptr;
  cudaError_t status = cudaMalloc(&d_x, bytes);
  if (status == cudaSuccess) status = cudaMalloc(&d_y, bytes);
  if (status == cudaSuccess) status = cudaMalloc(&d_out, bytes);
  if (status == cudaSuccess) status = cudaMemcpy(d_x, x, bytes, cudaMemcpyHostToDevice);
  if (status == cudaSuccess) status = cudaMemcpy(d_y, y, bytes, cudaMemcpyHostToDevice);
  if (status == cudaSuccess) {
    const int threads = 256, blocks = (n + threads - 1) / threads;
    add<<<blocks, threads>>>(d_x, d_y, d_out, n);
    status = cudaGetLastError();  // a launch reports its errors only to a program that asks
  }
  if (status == cudaSuccess) status = cudaMemcpy(out, d_out, bytes, cudaMemcpyDeviceToHost);  // waits for the kernel
  // Freed on every path: cudaFree(nullptr) does nothing.
  cudaFree(d_x);

  cudaFree(d_out);
  return status;
}
