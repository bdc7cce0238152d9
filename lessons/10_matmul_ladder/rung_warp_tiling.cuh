// Rung 4 of the matmul ladder: warp tiling. Same layout as rung 1 (row-major A: m × k, B: k × n,
// C: m × n), 128-bit loads and a transposed A tile as in rung 3.
//
// One more level between the block and the thread: each warp owns a WM × WN piece of the
// block's tile, and its 32 threads cover that piece in WM_ITER × WN_ITER sub-tiles of
// (WM / WM_ITER) × (WN / WN_ITER), each thread a TM × TN patch of every sub-tile. Why it helps:
// - the threads of a warp read neighbouring addresses of tile_a and tile_b at each kk, so the
//   warp's shared-memory reads come as few, conflict-free transactions;
// - each thread's patches are spread over the warp's piece, so a thread's registers hold
//   WM_ITER × TM elements of A and WN_ITER × TN of B per kk: more reuse per shared read;
// - it is the shape the tensor-core rung (6) uses too, with one mma per sub-tile.
#include "float4_access.cuh"

template <int BM, int BN, int BK, int WM, int WN, int WN_ITER, int TM, int TN>
__global__ void __launch_bounds__((BM / WM) * (BN / WN) * 32)
    mat_mul_warp_tiling_kernel(const float* a, const float* b, float* c, int m, int n, int k) {
  constexpr int kThreads = (BM / WM) * (BN / WN) * 32;
  constexpr int WM_ITER = (WM * WN) / (32 * TM * TN * WN_ITER);  // sub-tiles down the warp's piece
  constexpr int kSubM = WM / WM_ITER;                            // a sub-tile is kSubM × kSubN
  constexpr int kSubN = WN / WN_ITER;
  static_assert(WM_ITER * kSubM == WM && WN_ITER * kSubN == WN, "the sub-tiles cover the warp's piece");
  static_assert((kSubM / TM) * (kSubN / TN) == 32, "the 32 threads of a warp cover one sub-tile");
  static_assert(BK % 4 == 0 && BN % 4 == 0 && TN % 4 == 0, "whole float4s along the rows");
  __shared__ __align__(16) float tile_a[BK][BM];  // transposed, as in rung 3
  __shared__ __align__(16) float tile_b[BK][BN];

  const int block_row = blockIdx.y * BM;
  const int block_col = blockIdx.x * BN;
  const int warp = threadIdx.x / 32;
  const int warp_row = warp / (BN / WN);  // the warp's piece of the block's tile
  const int warp_col = warp % (BN / WN);
  const int lane = threadIdx.x % 32;
  const int lane_row = lane / (kSubN / TN);  // the lane's patch within each sub-tile
  const int lane_col = lane % (kSubN / TN);

  float sums[WM_ITER * TM][WN_ITER * TN] = {};
  float a_column[WM_ITER * TM];
  float b_row[WN_ITER * TN];
  for (int step = 0; step < k; step += BK) {
    for (int i = threadIdx.x; i < BM * BK / 4; i += kThreads) {
      const int row = i / (BK / 4), col = (i % (BK / 4)) * 4;
      const float4 four = load_four(a, block_row + row, step + col, m, k);
      tile_a[col + 0][row] = four.x;
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
      for (int wm = 0; wm < WM_ITER; ++wm)
        for (int t = 0; t < TM; ++t)
          a_column[wm * TM + t] = tile_a[kk][warp_row * WM + wm * kSubM + lane_row * TM + t];
      for (int wn = 0; wn < WN_ITER; ++wn)
        for (int u = 0; u < TN; ++u)
          b_row[wn * TN + u] = tile_b[kk][warp_col * WN + wn * kSubN + lane_col * TN + u];
      for (int t = 0; t < WM_ITER * TM; ++t)
        for (int u = 0; u < WN_ITER * TN; ++u) sums[t][u] += a_column[t] * b_row[u];
    }
    __syncthreads();
  }
  for (int wm = 0; wm < WM_ITER; ++wm)
    for (int wn = 0; wn < WN_ITER; ++wn)
      for (int t = 0; t < TM; ++t)
        for (int u = 0; u < TN; u += 4) {
          const float* s = &sums[wm * TM + t][wn * TN + u];
          store_four(c, block_row + warp_row * WM + wm * kSubM + lane_row * TM + t,
                     block_col + warp_col * WN + wn * kSubN + lane_col * TN + u, m, n, make_float4(s[0], s[1], s[2], s[3]));
        }
}
