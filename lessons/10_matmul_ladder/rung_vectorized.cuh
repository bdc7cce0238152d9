// Rung 3 of the matmul ladder: 128-bit loads, and A's tile stored transposed. Same layout as
// rung 1 (row-major A: m × k, B: k × n, C: m × n) and the same TM × TN patch per thread as rung 2.
//
// Two changes, both about instructions spent on moving data:
// - global memory is read and C written four floats at a time (float4: one 128-bit instruction
//   instead of four 32-bit ones);
// - A's tile goes into shared memory transposed, tile_a[kk][row]: a thread's TM elements of A's
//   column kk are then neighbours, like its TN elements of B's row, and the compiler reads each
//   group of four with one 128-bit shared load too.
#include "float4_access.cuh"

template <int BM, int BN, int BK, int TM, int TN>
__global__ void __launch_bounds__((BM / TM) * (BN / TN))
    mat_mul_vectorized_kernel(const float* a, const float* b, float* c, int m, int n, int k) {
  static_assert(BK % 4 == 0 && BN % 4 == 0 && TN % 4 == 0, "whole float4s along the rows");
  constexpr int kThreads = (BM / TM) * (BN / TN);
  __shared__ __align__(16) float tile_a[BK][BM];  // transposed: tile_a[kk][row] = A[row][kk]
  __shared__ __align__(16) float tile_b[BK][BN];
  const int block_row = blockIdx.y * BM;
  const int block_col = blockIdx.x * BN;
  const int thread_col = threadIdx.x % (BN / TN);
  const int thread_row = threadIdx.x / (BN / TN);

  float sums[TM][TN] = {};
  float a_column[TM];
  float b_row[TN];
  for (int step = 0; step < k; step += BK) {
    for (int i = threadIdx.x; i < BM * BK / 4; i += kThreads) {
      const int row = i / (BK / 4), col = (i % (BK / 4)) * 4;
      const float4 four = load_four(a, block_row + row, step + col, m, k);
      tile_a[col + 0][row] = four.x;  // four elements of A's row go down one column of tile_a
      tile_a[col + 1][row] = four.y;
      tile_a[col + 2][row] = four.z;
      tile_a[col + 3][row] = four.w;
    }
    for (int i = threadIdx.x; i < BK * BN / 4; i += kThreads) {
      const int row = i / (BN / 4), col = (i % (BN / 4)) * 4;
      *reinterpret_cast<float4*>(&tile_b[row][col]) = load_four(b, step + row, block_col + col, k, n);
    }
    __syncthreads();

    for (int kk = 0; kk < BK; ++kk) {
      for (int t = 0; t < TM; ++t) a_column[t] = tile_a[kk][thread_row * TM + t];
      for (int u = 0; u < TN; ++u) b_row[u] = tile_b[kk][thread_col * TN + u];
      for (int t = 0; t < TM; ++t)
        for (int u = 0; u < TN; ++u) sums[t][u] += a_column[t] * b_row[u];
    }
    __syncthreads();
  }
  for (int t = 0; t < TM; ++t)
    for (int u = 0; u < TN; u += 4)
      store_four(c, block_row + thread_row * TM + t, block_col + thread_col * TN + u, m, n,
                 make_float4(sums[t][u], sums[t][u + 1], sums[t][u + 2], sums[t][u + 3]));
}
