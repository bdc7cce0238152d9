// Rung 5, third kernel: rung 5's fragments, fed by a STAGES-deep cp.async pipeline.
//
// rung_double_buffer_fragments.cuh brings the next tile from global memory through registers:
// the loads are issued before a step's multiply-adds and stored to shared memory after them, so
// one step's work is all that hides their latency, and A's tile is transposed on the way (4
// scalar stores per float4). Here:
//
// 1. cp.async copies both tiles straight from global to shared memory, without registers,
//    STAGES − 1 tiles ahead of the one being multiplied: the latency of a load is hidden by
//    STAGES − 1 steps of multiply-adds instead of one.
// 2. A's tile still has to be transposed (the fragments read a column of it as a float4). With
//    A_TRANSPOSED, a pass over A writes Aᵀ (k × m) before the multiply (tf32_operand_bt_kernel of
//    rung 8 without the rounding) and A's tile is copied as B's is, 16 bytes at a time. Without it,
//    the kernel reads A as it lies and transposes each tile on its way in: one 4-byte cp.async per
//    float, 8 lanes along k and 4 rows per warp, so that the 32 floats land in 32 different banks
//    of the padded tile (row length BM + 4) and each row's 8 floats are one 32-byte sector.
// 3. One barrier per tile keeps the buffers apart; the multiply, the fragments double-buffered in
//    registers and the 4 × 4 blocks are rung 5's.
//
// The emulator has no cp.async: there the copies are plain copies, done when they are issued.
// Results are the same (the order of the sums does not change).
#include "cp_async.cuh"
#include "fragments_4x4.cuh"
#include "grouped_blocks.cuh"

template <int BM, int BN, int BK, int WM, int WN, int TM, int TN, int STAGES, int GROUP, int MIN_BLOCKS,
          bool A_TRANSPOSED>
__global__ void __launch_bounds__((BM / WM) * (BN / WN) * 32, MIN_BLOCKS)
    mat_mul_fp32_pipeline_kernel(const float* a, const float* b, float* c, int m, int n, int k) {
  constexpr int kThreads = (BM / WM) * (BN / WN) * 32;
  constexpr int kLanesM = WM / TM, kLanesN = WN / TN;
  static_assert(kLanesM * kLanesN == 32, "a warp's 32 lanes cover its piece");
  static_assert(TM % 4 == 0 && TN % 4 == 0 && BK % 2 == 0 && STAGES >= 2, "4 × 4 blocks, even BK, two buffers");
  constexpr int kFragsM = TM / 4, kFragsN = TN / 4;
  constexpr int kCopiesA = BK * BM / 4 / kThreads;  // float4s of A's tile a thread copies (B's: copy_tile_async)
  static_assert(kCopiesA * kThreads * 4 == BM * BK, "every thread copies the same number of float4s");
  static_assert(A_TRANSPOSED || (BK % 8 == 0 && BM % 32 == 0), "A's tile: 8 lanes along k, whole banks of rows");
  constexpr int kLdA = BM + 4, kLdB = BN + 4;  // padded rows (kernels.h: fp32_pipeline_shared_bytes)
  constexpr int kStage = BK * kLdA + BK * kLdB;
  extern __shared__ float pipeline_tiles[];  // STAGES × (A's tile transposed BK × kLdA, B's tile BK × kLdB)

  int block_m, block_n;
  grouped_block<GROUP>(&block_m, &block_n);
  const int block_row = block_m * BM, block_col = block_n * BN;
  int row0, col0;  // the thread's first 4 × 4 block in the tile
  fragment_origin<BN, WM, WN, TM, TN>(&row0, &col0);

  auto copy_tile = [&](int tile, int stage) {
    float* tile_a = &pipeline_tiles[stage * kStage];
    float* tile_b = tile_a + BK * kLdA;
    const int step = tile * BK;
    if constexpr (A_TRANSPOSED) {
      copy_tile_async<BK, BM, kThreads>(tile_a, kLdA, a, step, block_row, k, m);  // a is Aᵀ (k × m)
    } else {
#pragma unroll
      for (int j = 0; j < kCopiesA * 4; ++j) {  // a is A (m × k): lane → (k % 8, row), then k / 8
        const int id = threadIdx.x + j * kThreads, kk = (id / (8 * BM)) * 8 + id % 8, row = (id / 8) % BM;
        copy_one_async(&tile_a[kk * kLdA + row], a, block_row + row, step + kk, m, k);
      }
    }
    copy_tile_async<BK, BN, kThreads>(tile_b, kLdB, b, step, block_col, k, n);
  };

  float4 frag_a[2][kFragsM], frag_b[2][kFragsN];
  auto load_fragments = [&](int stage, int kk, int set) {
    const float* tile_a = &pipeline_tiles[stage * kStage];
    const float* tile_b = tile_a + BK * kLdA;
#pragma unroll
    for (int i = 0; i < kFragsM; ++i)
      frag_a[set][i] = *reinterpret_cast<const float4*>(&tile_a[kk * kLdA + row0 + i * kLanesM * 4]);
#pragma unroll
    for (int j = 0; j < kFragsN; ++j)
      frag_b[set][j] = *reinterpret_cast<const float4*>(&tile_b[kk * kLdB + col0 + j * kLanesN * 4]);
  };
  float sums[TM][TN] = {};
  auto multiply = [&](int set) { multiply_fragments<TM, TN>(sums, frag_a[set], frag_b[set]); };

  // Tiles 0 … STAGES − 2 on their way; one commit group per tile, empty ones too, so that "all but
  // STAGES − 2 groups landed" always means "the next tile is here".
  const int tiles = (k + BK - 1) / BK;
#pragma unroll
  for (int s = 0; s < STAGES - 1; ++s) {
    if (s < tiles) copy_tile(s, s);
    cp_async_commit();
  }
  cp_async_wait<STAGES - 2>();
  __syncthreads();
  load_fragments(0, 0, 0);
  int stage = 0;
  for (int tile = 0; tile < tiles; ++tile) {
    // Tile + STAGES − 1 into the buffer everyone finished with before the last barrier.
    if (tile + STAGES - 1 < tiles) copy_tile(tile + STAGES - 1, (tile + STAGES - 1) % STAGES);
    cp_async_commit();
#pragma unroll
    for (int kk = 0; kk < BK - 1; ++kk) {
      load_fragments(stage, kk + 1, (kk + 1) % 2);
      multiply(kk % 2);
    }
    cp_async_wait<STAGES - 2>();  // this thread's copies of tile + 1 landed; after the barrier, everyone's
    __syncthreads();
    stage = stage + 1 == STAGES ? 0 : stage + 1;
    if (tile + 1 < tiles) load_fragments(stage, 0, 0);  // BK is even: set 0 is free again
    multiply((BK - 1) % 2);
  }
  cp_async_wait<0>();  // no copy outlives the block

  store_fragment_sums<TM, TN, kLanesM, kLanesN>(c, sums, block_row + row0, block_col + col0, m, n);
}
