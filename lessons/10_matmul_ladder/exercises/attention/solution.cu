// out[i] = softmax(q[i] · kᵀ / sqrt(d)) · v: single-head attention for n × d matrices q, k, v
// (row-major), n <= 128 keys, d <= 128 columns.
// One block of 128 threads (4 warps) per query row i: n blocks. Thread t owns key t (the score of
// q[i] against row t of k), then column t of the output.
#include <cfloat>

__global__ void attention(const float* q, const float* k, const float* v, float* out, int n, int d) {
  __shared__ float partial[4];  // one value per warp
  __shared__ float p[128];      // the row's weights, one per key
  const int i = blockIdx.x;
  const int t = threadIdx.x;
  const int lane = t % 32, warp = t / 32;

  // 1. The score of key t: q[i] · k[t], scaled by 1 / sqrt(d). A thread without a key keeps
  //    -FLT_MAX, which changes no max.
  float score = -FLT_MAX;
  if (t < n) {
    float dot = 0.f;
    for (int c = 0; c < d; ++c) dot += q[i * d + c] * k[t * d + c];
    score = dot / sqrtf(static_cast<float>(d));
  }

  // 2. The row's max: a butterfly in each warp, then the 4 warps' maxima through shared memory.
  float m = score;
  for (int offset = 16; offset > 0; offset /= 2) m = fmaxf(m, __shfl_xor_sync(0xffffffff, m, offset));
  if (lane == 0) partial[warp] = m;
  __syncthreads();
  m = fmaxf(fmaxf(partial[0], partial[1]), fmaxf(partial[2], partial[3]));
  __syncthreads();  // every thread has read the 4 maxima before partial holds sums

  // 3. The sum of exp(score - max): every term is at most 1, so nothing overflows.
  const float e = (t < n) ? expf(score - m) : 0.f;
  float s = e;
  for (int offset = 16; offset > 0; offset /= 2) s += __shfl_xor_sync(0xffffffff, s, offset);
  if (lane == 0) partial[warp] = s;
  __syncthreads();
  s = partial[0] + partial[1] + partial[2] + partial[3];

  // 4. The weights, where every thread can read them.
  p[t] = e / s;
  __syncthreads();

  // 5. Output column t: the weighted sum of column t of v over the n keys.
  if (t < d) {
    float acc = 0.f;
    for (int j = 0; j < n; ++j) acc += p[j] * v[j * d + t];
    out[i * d + t] = acc;
  }
}
