// out[i] = softmax(q[i] · kᵀ / sqrt(d)) · v: single-head attention for n × d matrices q, k, v
// (row-major), n <= 128 keys, d <= 128 columns.
// One block of 128 threads (4 warps) per query row i: n blocks. Thread t owns key t (the score of
// q[i] against row t of k), then column t of the output.
#include <cfloat>

__global__ void attention(const float* q, const float* k, const float* v, float* out, int n, int d) {
  __shared__ float partial[4];  // one value per warp
  __shared__ float p[128];      // the row's weights, one per key
  // TODO: 1. thread t < n: score = (q[i] · k[t]) / sqrtf(d); the others -FLT_MAX.
  // 2. The row's max: __shfl_xor_sync in each warp, partial[warp], a barrier, the max of the 4.
  // 3. The sum of expf(score - max) the same way (a barrier first: partial is reused).
  // 4. p[t] = expf(score - max) / sum (0 for t >= n), then a barrier.
  // 5. Thread t < d: out[i][t] = the sum over the keys j of p[j] * v[j][t].
}
