// Copies the result back before launching the kernel: out holds whatever the device array held.
#include <cuda_runtime.h>

__global__ void add(const float* x, const float* y, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = x[i] + y[i];
}

cudaError_t add_on_device(const float* x, const float* y, float* out, int n) {
  const size_t bytes = n * sizeof(float);
  float *d_x, *d_y, *d_out;
  cudaMalloc(&d_x, bytes);
  cudaMalloc(&d_y, bytes);
  cudaMalloc(&d_out, bytes);
  cudaMemset(d_out, 0, bytes);
  cudaMemcpy(d_x, x, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d_y, y, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(out, d_out, bytes, cudaMemcpyDeviceToHost);
  add<<<(n + 255) / 256, 256>>>(d_x, d_y, d_out, n);
  cudaError_t status = cudaGetLastError();
  cudaFree(d_x); cudaFree(d_y); cudaFree(d_out);
  return status;
}
