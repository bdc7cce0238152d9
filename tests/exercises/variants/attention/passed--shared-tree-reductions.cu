// The max and the sum by a tree in a __shared__ array of 128 instead of shuffles: more barriers,
// the same weights.
#include <cfloat>

__global__ void attention(const float* q, const float* k, const float* v, float* out, int n, int d) {
  __shared__ float r[128];
  __shared__ float p[128];
  const int i = blockIdx.x;
  const int t = threadIdx.x;
  float score = -FLT_MAX;
  if (t < n) {
    float dot = 0.f;
    for (int c = 0; c < d; ++c) dot += q[i * d + c] * k[t * d + c];
    score = dot / sqrtf(static_cast<float>(d));
  }
  r[t] = score;
  __syncthreads();
  for (int stride = 64; stride > 0; stride /= 2) {
    if (t < stride) r[t] = fmaxf(r[t], r[t + stride]);
    __syncthreads();
  }
  const float m = r[0];
  __syncthreads();
  const float e = (t < n) ? expf(score - m) : 0.f;
  r[t] = e;
  __syncthreads();
  for (int stride = 64; stride > 0; stride /= 2) {
    if (t < stride) r[t] += r[t + stride];
    __syncthreads();
  }
  p[t] = e / r[0];
  __syncthreads();
  if (t < d) {
    float acc = 0.f;
    for (int j = 0; j < n; ++j) acc += p[j] * v[j * d + t];
    out[i * d + t] = acc;
  }
}
