// Correct: x goes in once, a device-to-device copy makes a working array, the result comes out once.
#include <cuda_runtime.h>

__global__ void scale(float* v, int n, float a) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] *= a;
}

#define TRY(call)                                      \
  do {                                                 \
    cudaError_t e = (call);                            \
    if (e != cudaSuccess) { status = e; goto done; }   \
  } while (0)

cudaError_t scale_twice(const float* x, float* out, int n, float a) {
  cudaError_t status = cudaSuccess;
  const size_t bytes = n * sizeof(float);
  const int blocks = (n + 255) / 256;
  float *d_x = nullptr, *d_work = nullptr;
  TRY(cudaMalloc(&d_x, bytes));
  TRY(cudaMalloc(&d_work, bytes));
  TRY(cudaMemcpy(d_x, x, bytes, cudaMemcpyHostToDevice));
  TRY(cudaMemcpy(d_work, d_x, bytes, cudaMemcpyDeviceToDevice));  // stays on the device
  scale<<<blocks, 256>>>(d_work, n, a);
  TRY(cudaGetLastError());
  scale<<<blocks, 256>>>(d_work, n, a);
  TRY(cudaGetLastError());
  TRY(cudaMemcpy(out, d_work, bytes, cudaMemcpyDeviceToHost));
done:
  cudaFree(d_x);
  cudaFree(d_work);
  return status;
}
