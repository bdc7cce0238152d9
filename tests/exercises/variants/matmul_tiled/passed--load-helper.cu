// Element (r, k) of an n x n matrix, or 0 past its edge.
__device__ float at_or_zero(const float* m, int r, int k, int n) {
  return (r < n && k < n) ? m[r * n + k] : 0.0f;
}

__global__ void mat_mul_tiled(const float* a, const float* b, float* c, int n) {
  __shared__ float As[16][16], Bs[16][16];
  const unsigned tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * blockDim.y + ty;
  const int col = blockIdx.x * blockDim.x + tx;
  float acc = 0.0f;
  for (int k0 = 0; k0 < n; k0 += 16) {
    As[ty][tx] = at_or_zero(a, row, k0 + tx, n);
    Bs[ty][tx] = at_or_zero(b, k0 + ty, col, n);
    __syncthreads();
#pragma unroll
    for (int k = 0; k < 16; ++k) acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  if (row < n && col < n) c[row * n + col] = acc;
}
