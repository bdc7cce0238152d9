// Correct: every call checked by a macro that jumps to the one cudaFree with the first error.
#include <cuda_runtime.h>

__global__ void square(int* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = i * i;
}

#define TRY(call)                                    \
  do {                                               \
    cudaError_t e = (call);                          \
    if (e != cudaSuccess) { status = e; goto done; } \
  } while (0)

cudaError_t squares_on_device(int* out, int n) {
  cudaError_t status = cudaSuccess;
  int* d_out = nullptr;
  TRY(cudaMalloc((void**)&d_out, sizeof(int) * n));
  square<<<(n + 127) / 128, 128>>>(d_out, n);
  TRY(cudaGetLastError());
  TRY(cudaDeviceSynchronize());
  TRY(cudaMemcpy(out, d_out, sizeof(int) * n, cudaMemcpyDeviceToHost));
done:
  cudaFree(d_out);
  return status;
}
