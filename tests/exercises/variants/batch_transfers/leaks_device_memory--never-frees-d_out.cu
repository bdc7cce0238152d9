// Frees the device copy of x but forgets the device array of the results.
#include <cuda_runtime.h>

// Given: one thread per element. Leave it as it is.
__global__ void normalize(const float* x, float* out, int n, float scale, float shift) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = (x[i] - shift) * scale;
}

cudaError_t normalize_all(const float* x, float* out, int n, float scale, float shift) {
  const size_t bytes = n * sizeof(float);
  float *d_x = nullptr, *d_out = nullptr;
  cudaError_t status = cudaMalloc(&d_x, bytes);
  if (status == cudaSuccess) status = cudaMalloc(&d_out, bytes);
  if (status == cudaSuccess) status = cudaMemcpy(d_x, x, bytes, cudaMemcpyHostToDevice);
  if (status == cudaSuccess) {
    normalize<<<(n + 255) / 256, 256>>>(d_x, d_out, n, scale, shift);
    status = cudaGetLastError();
  }
  if (status == cudaSuccess) status = cudaMemcpy(out, d_out, bytes, cudaMemcpyDeviceToHost);
  cudaFree(d_x);
  return status;
}
