#pragma once
// Rung 5's thread layout, arithmetic and stores, shared by its fragment kernels
// (rung_double_buffer_fragments.cuh, rung_fp32_pipeline.cuh, rung_fp32_rows.cuh). A thread's TM ×
// TN results are (TM/4) × (TN/4) blocks of 4 × 4, spread over its warp's piece: block (i, j) starts
// at row row0 + i · lanes_m · 4 and column col0 + j · lanes_n · 4 of the block's tile.
#include "float4_access.cuh"

// Where this thread's first 4 × 4 block lies in the block's tile (row0, col0): warps cover the
// tile in WM × WN pieces, BN / WN to a row of pieces, and a warp's lanes cover its piece in
// (WM / TM) × (WN / TN) blocks of 4 × 4.
template <int BN, int WM, int WN, int TM, int TN>
__device__ inline void fragment_origin(int* row0, int* col0) {
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  *row0 = (warp / (BN / WN)) * WM + (lane / (WN / TN)) * 4;
  *col0 = (warp % (BN / WN)) * WN + (lane % (WN / TN)) * 4;
}

// sums += the outer products of one row of fragments: TM/4 float4s of A (a column of its tile)
// and TN/4 float4s of B (a row of its tile).
template <int TM, int TN>
__device__ inline void multiply_fragments(float (&sums)[TM][TN], const float4 (&frag_a)[TM / 4],
                                          const float4 (&frag_b)[TN / 4]) {
#pragma unroll
  for (int i = 0; i < TM / 4; ++i) {
    const float as[4] = {frag_a[i].x, frag_a[i].y, frag_a[i].z, frag_a[i].w};
#pragma unroll
    for (int j = 0; j < TN / 4; ++j) {
      const float bs[4] = {frag_b[j].x, frag_b[j].y, frag_b[j].z, frag_b[j].w};
#pragma unroll
      for (int t = 0; t < 4; ++t)
#pragma unroll
        for (int u = 0; u < 4; ++u) sums[i * 4 + t][j * 4 + u] += as[t] * bs[u];
    }
  }
}

// Writes the thread's results into C (m × n) as full float4 rows where the matrix allows.
template <int TM, int TN, int LANES_M, int LANES_N>
__device__ inline void store_fragment_sums(float* c, const float (&sums)[TM][TN], int first_row, int first_col, int m,
                                           int n) {
#pragma unroll
  for (int i = 0; i < TM / 4; ++i)
#pragma unroll
    for (int t = 0; t < 4; ++t)
#pragma unroll
      for (int j = 0; j < TN / 4; ++j) {
        const float* s = &sums[i * 4 + t][j * 4];
        store_four(c, first_row + i * LANES_M * 4 + t, first_col + j * LANES_N * 4, m, n,
                   make_float4(s[0], s[1], s[2], s[3]));
      }
}
