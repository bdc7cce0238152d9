// Reduces with __shfl_down_sync (only lane 0 has the warp's value), lets warp 0 combine the 4
// partials, and hands the row's value to every thread through one more shared float.
#include <cfloat>

__device__ float warp_max(float v) {
  for (int offset = 16; offset > 0; offset /= 2) v = fmaxf(v, __shfl_down_sync(0xffffffff, v, offset));
  return v;
}
__device__ float warp_add(float v) {
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffff, v, offset);
  return v;
}

__global__ void row_softmax(const float* x, float* out, int rows, int cols) {
  __shared__ float partial[4];
  __shared__ float row_max, row_sum;
  const int r = blockIdx.x, t = threadIdx.x, lane = t % 32, warp = t / 32;
  const long long base = (long long)r * cols;

  float m = -FLT_MAX;
  for (int c = t; c < cols; c += blockDim.x) m = fmaxf(m, x[base + c]);
  m = warp_max(m);
  if (lane == 0) partial[warp] = m;
  __syncthreads();
  if (warp == 0) {
    float v = warp_max(lane < 4 ? partial[lane] : -FLT_MAX);
    if (lane == 0) row_max = v;
  }
  __syncthreads();
  m = row_max;

  float s = 0.f;
  for (int c = t; c < cols; c += blockDim.x) s += __expf(x[base + c] - m);
  s = warp_add(s);
  if (lane == 0) partial[warp] = s;
  __syncthreads();
  if (warp == 0) {
    float v = warp_add(lane < 4 ? partial[lane] : 0.f);
    if (lane == 0) row_sum = v;
  }
  __syncthreads();
  const float inverse = 1.f / row_sum;
  for (int c = t; c < cols; c += blockDim.x) out[base + c] = __expf(x[base + c] - m) * inverse;
}
