// Rung 5, second kernel: double buffering one level further down, and a block order that shares L2.
//
// rung_double_buffer.cuh prefetches the next step's tiles from global memory into registers. Here
// the same is done one level down: while a thread multiplies with the fragments of row kk of the
// shared tiles (TM values of A, TN of B), it already loads those of row kk + 1 into a second set
// of registers, so the shared-memory loads are in flight while the FMAs run and no FMA waits on one.
// The first fragments of the next step are loaded right after the step's barrier.
//
// Each thread's TM × TN results are (TM/4) × (TN/4) blocks of 4 × 4 spread over the warp's piece:
// the lanes of a warp (WM/TM rows × WN/TN columns of lanes) read neighbouring float4s, so one
// 128-bit shared load serves the warp in a single turn (4 distinct float4s of A, 8 of B, broadcast
// to the rest), and the results go out as full float4 rows (fragments_4x4.cuh: the multiply and
// the stores, shared with rung_fp32_pipeline.cuh).
//
// GROUP > 1 renumbers the blocks: consecutive blocks walk down GROUP block-rows before moving one
// block-column right, so the blocks resident at one time read fewer distinct tiles of A and B and
// more of their reads hit in L2. MIN_BLOCKS is the blocks per SM the registers must allow
// (__launch_bounds__): 2 caps 256 threads at 128 registers each, 1 leaves room for 8 × 16 results. Ragged edges as in the other rungs: load_four pads with zeros.
#include "float4_access.cuh"
#include "fragments_4x4.cuh"
#include "grouped_blocks.cuh"

template <int BM, int BN, int BK, int WM, int WN, int TM, int TN, int GROUP, int MIN_BLOCKS = 2>
__global__ void __launch_bounds__((BM / WM) * (BN / WN) * 32, MIN_BLOCKS)
    mat_mul_double_buffer_fragments_kernel(const float* a, const float* b, float* c, int m, int n, int k) {
  constexpr int kThreads = (BM / WM) * (BN / WN) * 32;
  constexpr int kLanesM = WM / TM;  // the warp's lanes, kLanesM rows × kLanesN columns of them
  constexpr int kLanesN = WN / TN;
  static_assert(kLanesM * kLanesN == 32, "a warp's 32 lanes cover its piece");
  static_assert(TM % 4 == 0 && TN % 4 == 0 && BK % 2 == 0, "4 × 4 blocks, an even number of rows per step");
  constexpr int kFragsM = TM / 4, kFragsN = TN / 4;
  constexpr int kLoadsA = BM * BK / 4 / kThreads;
  constexpr int kLoadsB = BK * BN / 4 / kThreads;
  static_assert(kLoadsA * kThreads * 4 == BM * BK && kLoadsB * kThreads * 4 == BK * BN,
                "every thread loads the same number of float4s");
  constexpr int kLdA = BM + 4;  // padded rows of A's transposed tile (see rung_double_buffer.cuh)
  __shared__ __align__(16) float tile_a[2][BK][kLdA];
  __shared__ __align__(16) float tile_b[2][BK][BN];

  // Which tile of C this block computes (GROUP block-rows at a time, column by column).
  int block_m, block_n;
  grouped_block<GROUP>(&block_m, &block_n);
  const int block_row = block_m * BM;
  const int block_col = block_n * BN;
  int row0, col0;  // the thread's first 4 × 4 block in the tile
  fragment_origin<BN, WM, WN, TM, TN>(&row0, &col0);

  float4 next_a[kLoadsA];
  float4 next_b[kLoadsB];
  auto a_row = [&](int j) { return (threadIdx.x + j * kThreads) / (BK / 4); };
  auto a_col = [&](int j) { return ((threadIdx.x + j * kThreads) % (BK / 4)) * 4; };
  auto b_row = [&](int j) { return (threadIdx.x + j * kThreads) / (BN / 4); };
  auto b_col = [&](int j) { return ((threadIdx.x + j * kThreads) % (BN / 4)) * 4; };
  auto load_step = [&](int step) {
#pragma unroll
    for (int j = 0; j < kLoadsA; ++j) next_a[j] = load_four(a, block_row + a_row(j), step + a_col(j), m, k);
#pragma unroll
    for (int j = 0; j < kLoadsB; ++j) next_b[j] = load_four(b, step + b_row(j), block_col + b_col(j), k, n);
  };
  auto store_step = [&](int buffer) {
#pragma unroll
    for (int j = 0; j < kLoadsA; ++j) {
      tile_a[buffer][a_col(j) + 0][a_row(j)] = next_a[j].x;
      tile_a[buffer][a_col(j) + 1][a_row(j)] = next_a[j].y;
      tile_a[buffer][a_col(j) + 2][a_row(j)] = next_a[j].z;
      tile_a[buffer][a_col(j) + 3][a_row(j)] = next_a[j].w;
    }
#pragma unroll
    for (int j = 0; j < kLoadsB; ++j) *reinterpret_cast<float4*>(&tile_b[buffer][b_row(j)][b_col(j)]) = next_b[j];
  };

  float4 frag_a[2][kFragsM];  // row kk's fragments and row kk + 1's, on their way
  float4 frag_b[2][kFragsN];
  auto load_fragments = [&](int buffer, int kk, int set) {
#pragma unroll
    for (int i = 0; i < kFragsM; ++i)
      frag_a[set][i] = *reinterpret_cast<const float4*>(&tile_a[buffer][kk][row0 + i * kLanesM * 4]);
#pragma unroll
    for (int j = 0; j < kFragsN; ++j)
      frag_b[set][j] = *reinterpret_cast<const float4*>(&tile_b[buffer][kk][col0 + j * kLanesN * 4]);
  };
  float sums[TM][TN] = {};
  auto multiply = [&](int set) { multiply_fragments<TM, TN>(sums, frag_a[set], frag_b[set]); };

  load_step(0);
  store_step(0);
  __syncthreads();
  load_fragments(0, 0, 0);
  int buffer = 0;
  for (int step = 0; step < k; step += BK) {
    const bool more = step + BK < k;
    if (more) load_step(step + BK);  // global loads in flight during this step
#pragma unroll
    for (int kk = 0; kk < BK - 1; ++kk) {
      load_fragments(buffer, kk + 1, (kk + 1) % 2);  // shared loads in flight during these FMAs
      multiply(kk % 2);
    }
    if (more) {
      store_step(buffer ^ 1);
      __syncthreads();
      buffer ^= 1;
      load_fragments(buffer, 0, 0);  // BK is even: set 0 is free again
    }
    multiply((BK - 1) % 2);
  }

  store_fragment_sums<TM, TN, kLanesM, kLanesN>(c, sums, block_row + row0, block_col + col0, m, n);
}
