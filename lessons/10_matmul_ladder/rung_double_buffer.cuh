// Rung 5 of the matmul ladder: double buffering. The warp-tiled kernel of rung 4, with two
// copies of each shared tile.
//
// In rung 4 a step goes: load the tiles, wait, multiply, wait. While the block waits for global
// memory its arithmetic units idle (other blocks on the SM may fill in, but these blocks are big
// and few fit). Here each thread starts the global loads of step s + 1 into registers, then
// multiplies step s out of shared memory while those loads are in flight, then writes the
// registers into the other shared buffer. One barrier per step is enough: the buffer a thread
// writes was last read in the previous step, which everyone finished before that step's barrier.
//
// One small change besides: the rows of A's transposed tile are padded by 4 floats. The four
// floats a thread copies from a row of A go down a column of tile_a, BM floats apart; with
// BM a multiple of 32 they all hit one shared-memory bank, and the warp's stores queue up (a bank
// conflict). BM + 4 spreads them over banks and keeps each row 16-byte aligned for float4 reads.
#include "float4_access.cuh"

template <int BM, int BN, int BK, int WM, int WN, int WN_ITER, int TM, int TN>
__global__ void __launch_bounds__((BM / WM) * (BN / WN) * 32)
    mat_mul_double_buffer_kernel(const float* a, const float* b, float* c, int m, int n, int k) {
  constexpr int kThreads = (BM / WM) * (BN / WN) * 32;
  constexpr int WM_ITER = (WM * WN) / (32 * TM * TN * WN_ITER);
  constexpr int kSubM = WM / WM_ITER;
  constexpr int kSubN = WN / WN_ITER;
  static_assert(WM_ITER * kSubM == WM && WN_ITER * kSubN == WN, "the sub-tiles cover the warp's piece");
  static_assert((kSubM / TM) * (kSubN / TN) == 32, "the 32 threads of a warp cover one sub-tile");
  static_assert(BK % 4 == 0 && BN % 4 == 0 && TN % 4 == 0, "whole float4s along the rows");
  constexpr int kLoadsA = BM * BK / 4 / kThreads;  // float4s of A's tile each thread loads
  constexpr int kLoadsB = BK * BN / 4 / kThreads;
  static_assert(kLoadsA * kThreads * 4 == BM * BK && kLoadsB * kThreads * 4 == BK * BN,
                "every thread loads the same number of float4s");
  constexpr int kLdA = BM + 4;                          // padded row of tile_a (see above)
  __shared__ __align__(16) float tile_a[2][BK][kLdA];  // two buffers: one read, one being filled
  __shared__ __align__(16) float tile_b[2][BK][BN];

  const int block_row = blockIdx.y * BM;
  const int block_col = blockIdx.x * BN;
  const int warp = threadIdx.x / 32;
  const int warp_row = warp / (BN / WN);
  const int warp_col = warp % (BN / WN);
  const int lane = threadIdx.x % 32;
  const int lane_row = lane / (kSubN / TN);
  const int lane_col = lane % (kSubN / TN);

  float4 next_a[kLoadsA];  // the next step's tiles, on their way from global memory
  float4 next_b[kLoadsB];
  // Where the j-th float4 a thread loads sits in the tiles.
  auto a_row = [&](int j) { return (threadIdx.x + j * kThreads) / (BK / 4); };
  auto a_col = [&](int j) { return ((threadIdx.x + j * kThreads) % (BK / 4)) * 4; };
  auto b_row = [&](int j) { return (threadIdx.x + j * kThreads) / (BN / 4); };
  auto b_col = [&](int j) { return ((threadIdx.x + j * kThreads) % (BN / 4)) * 4; };
  auto load_step = [&](int step) {
    for (int j = 0; j < kLoadsA; ++j) next_a[j] = load_four(a, block_row + a_row(j), step + a_col(j), m, k);
    for (int j = 0; j < kLoadsB; ++j) next_b[j] = load_four(b, step + b_row(j), block_col + b_col(j), k, n);
  };
  auto store_step = [&](int buffer) {
    for (int j = 0; j < kLoadsA; ++j) {
      tile_a[buffer][a_col(j) + 0][a_row(j)] = next_a[j].x;
      tile_a[buffer][a_col(j) + 1][a_row(j)] = next_a[j].y;
      tile_a[buffer][a_col(j) + 2][a_row(j)] = next_a[j].z;
      tile_a[buffer][a_col(j) + 3][a_row(j)] = next_a[j].w;
    }
    for (int j = 0; j < kLoadsB; ++j) *reinterpret_cast<float4*>(&tile_b[buffer][b_row(j)][b_col(j)]) = next_b[j];
  };

  float sums[WM_ITER * TM][WN_ITER * TN] = {};
  float a_column[WM_ITER * TM];
  float b_values[WN_ITER * TN];
  load_step(0);
  store_step(0);
  __syncthreads();
  int buffer = 0;
  for (int step = 0; step < k; step += BK) {
    const bool more = step + BK < k;
    if (more) load_step(step + BK);  // in flight while the multiply below runs

    for (int kk = 0; kk < BK; ++kk) {
      for (int wm = 0; wm < WM_ITER; ++wm)
        for (int t = 0; t < TM; ++t)
          a_column[wm * TM + t] = tile_a[buffer][kk][warp_row * WM + wm * kSubM + lane_row * TM + t];
      for (int wn = 0; wn < WN_ITER; ++wn)
        for (int u = 0; u < TN; ++u)
          b_values[wn * TN + u] = tile_b[buffer][kk][warp_col * WN + wn * kSubN + lane_col * TN + u];
      for (int t = 0; t < WM_ITER * TM; ++t)
        for (int u = 0; u < WN_ITER * TN; ++u) sums[t][u] += a_column[t] * b_values[u];
    }

    if (more) store_step(buffer ^ 1);
    __syncthreads();  // the other buffer is complete, and nobody reads this one any more
    buffer ^= 1;
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
