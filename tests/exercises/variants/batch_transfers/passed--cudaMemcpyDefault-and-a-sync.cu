// Correct: cudaMemcpyDefault lets the runtime tell the direction from the pointers, and a
// cudaDeviceSynchronize() (not needed before cudaMemcpy) reports errors from inside the kernel too.
#include <cuda_runtime.h>

// Given: one thread per element. Leave it as it is.
__global__ void normalize(const float* x, float* out, int n, float scale, float shift) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = (x[i] - shift) * scale;
}

#define TRY(call)                                      \
  do {                                                 \
    cudaError_t e = (call);                            \
    if (e != cudaSuccess) { status = e; goto done; }   \
  } while (0)

cudaError_t normalize_all(const float* x, float* out, int n, float scale, float shift) {
  cudaError_t status = cudaSuccess;
  const size_t bytes = n * sizeof(float);
  float *d_x = nullptr, *d_out = nullptr;
  TRY(cudaMalloc(&d_x, bytes));
  TRY(cudaMalloc(&d_out, bytes));
  TRY(cudaMemcpy(d_x, x, bytes, cudaMemcpyDefault));
  normalize<<<(n + 255) / 256, 256>>>(d_x, d_out, n, scale, shift);
  TRY(cudaGetLastError());
  TRY(cudaDeviceSynchronize());
  TRY(cudaMemcpy(out, d_out, bytes, cudaMemcpyDefault));
done:
  cudaFree(d_x);
  cudaFree(d_out);
  return status;
}
