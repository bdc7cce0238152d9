// Correct: every call checked by a macro that returns the first error.
#include <cuda_runtime.h>

__global__ void add(const float* x, const float* y, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = x[i] + y[i];
}

#define TRY(call)                            \
  do {                                       \
    cudaError_t e = (call);                  \
    if (e != cudaSuccess) { status = e; goto done; } \
  } while (0)

cudaError_t add_on_device(const float* x, const float* y, float* out, int n) {
  cudaError_t status = cudaSuccess;
  float *d_x = nullptr, *d_y = nullptr, *d_out = nullptr;
  const size_t bytes = sizeof(float) * n;
  TRY(cudaMalloc((void**)&d_x, bytes));
  TRY(cudaMalloc((void**)&d_y, bytes));
  TRY(cudaMalloc((void**)&d_out, bytes));
  TRY(cudaMemcpy(d_x, x, bytes, cudaMemcpyHostToDevice));
  TRY(cudaMemcpy(d_y, y, bytes, cudaMemcpyHostToDevice));
  add<<<(n + 127) / 128, 128>>>(d_x, d_y, d_out, n);
  TRY(cudaGetLastError());
  TRY(cudaDeviceSynchronize());
  TRY(cudaMemcpy(out, d_out, bytes, cudaMemcpyDeviceToHost));
done:
  cudaFree(d_x);
  cudaFree(d_y);
  cudaFree(d_out);
  return status;
}
