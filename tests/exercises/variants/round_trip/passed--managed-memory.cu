// Correct, with managed memory: one pointer for host and device, synchronised before it is read.
#include <cuda_runtime.h>

__global__ void add(const float* x, const float* y, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = x[i] + y[i];
}

cudaError_t add_on_device(const float* x, const float* y, float* out, int n) {
  float *m_x, *m_y, *m_out;
  cudaError_t status = cudaMallocManaged(&m_x, n * sizeof(float));
  if (status != cudaSuccess) return status;
  cudaMallocManaged(&m_y, n * sizeof(float));
  cudaMallocManaged(&m_out, n * sizeof(float));
  for (int i = 0; i < n; ++i) { m_x[i] = x[i]; m_y[i] = y[i]; }
  add<<<(n + 255) / 256, 256>>>(m_x, m_y, m_out, n);
  status = cudaGetLastError();
  if (status == cudaSuccess) status = cudaDeviceSynchronize();
  if (status == cudaSuccess) for (int i = 0; i < n; ++i) out[i] = m_out[i];
  cudaFree(m_x); cudaFree(m_y); cudaFree(m_out);
  return status;
}
