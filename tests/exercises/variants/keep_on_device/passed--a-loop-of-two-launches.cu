// Correct: the two launches are one loop, each checked, and every call's error returned.
#include <cuda_runtime.h>

__global__ void scale(float* v, int n, float a) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] *= a;
}

cudaError_t scale_twice(const float* x, float* out, int n, float a) {
  float* d_v = nullptr;
  cudaError_t status = cudaMalloc((void**)&d_v, sizeof(float) * n);
  if (status != cudaSuccess) return status;
  status = cudaMemcpy(d_v, x, sizeof(float) * n, cudaMemcpyHostToDevice);
  for (int pass = 0; pass < 2 && status == cudaSuccess; ++pass) {
    scale<<<(n + 127) / 128, 128>>>(d_v, n, a);
    status = cudaGetLastError();
  }
  if (status == cudaSuccess) status = cudaDeviceSynchronize();
  if (status == cudaSuccess) status = cudaMemcpy(out, d_v, sizeof(float) * n, cudaMemcpyDeviceToHost);
  cudaFree(d_v);
  return status;
}
