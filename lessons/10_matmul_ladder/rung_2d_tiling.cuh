// Rung 2 of the matmul ladder: 2D register tiling. Same layout as rung 1 (row-major A: m × k,
// B: k × n, C: m × n).
//
// Each thread now computes a TM × TN patch of C. At each k it copies TM elements of A's column
// and TN elements of B's row from shared memory into registers, then does all TM × TN products
// from registers (an outer product): TM + TN shared reads feed TM × TN multiply-adds, 8 + 8 for
// 64 with the 8 × 8 patch, against 2 for 1 in chapter 6.
//
// A block of (BM / TM) × (BN / TN) threads computes a BM × BN tile of C.
#include "who_writes.cuh"

template <int BM, int BN, int BK, int TM, int TN>
__global__ void __launch_bounds__((BM / TM) * (BN / TN))
    mat_mul_2d_tiling_kernel(const float* a, const float* b, float* c, int m, int n, int k) {
  constexpr int kThreads = (BM / TM) * (BN / TN);
  __shared__ float tile_a[BM][BK];
  __shared__ float tile_b[BK][BN];
  const int block_row = blockIdx.y * BM;
  const int block_col = blockIdx.x * BN;
  const int thread_col = threadIdx.x % (BN / TN);  // this thread's patch: columns thread_col * TN ...
  const int thread_row = threadIdx.x / (BN / TN);  // rows thread_row * TM ...

  float sums[TM][TN] = {};
  float a_column[TM];  // registers: TM elements of A's column kk
  float b_row[TN];     // and TN elements of B's row kk
  for (int step = 0; step < k; step += BK) {
    for (int i = threadIdx.x; i < BM * BK; i += kThreads) {
      const int row = i / BK, col = i % BK;
      const bool inside = block_row + row < m && step + col < k;
      tile_a[row][col] = inside ? a[(block_row + row) * k + step + col] : 0.0f;
    }
    for (int i = threadIdx.x; i < BK * BN; i += kThreads) {
      const int row = i / BN, col = i % BN;
      const bool inside = step + row < k && block_col + col < n;
      tile_b[row][col] = inside ? b[(step + row) * n + block_col + col] : 0.0f;
    }
    __syncthreads();

    for (int kk = 0; kk < BK; ++kk) {
      for (int t = 0; t < TM; ++t) a_column[t] = tile_a[thread_row * TM + t][kk];
      for (int u = 0; u < TN; ++u) b_row[u] = tile_b[kk][thread_col * TN + u];
      for (int t = 0; t < TM; ++t)
        for (int u = 0; u < TN; ++u) sums[t][u] += a_column[t] * b_row[u];
    }
    __syncthreads();
  }
  for (int t = 0; t < TM; ++t)
    for (int u = 0; u < TN; ++u) {
      const int row = block_row + thread_row * TM + t;
      const int col = block_col + thread_col * TN + u;
      if (row < m && col < n) c[row * n + col] = stored_value(sums[t][u]);
    }
}
