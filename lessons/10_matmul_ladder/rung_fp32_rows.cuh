// Rung 5, fourth kernel: the cp.async pipeline of rung_fp32_pipeline.cuh with A's tile kept in
// rows, as A lies in memory, so that neither a pass nor 4-byte copies transpose it.
//
// The other rung 5 kernels read a column of A's tile as one float4 (4 rows, one k), so the tile
// has to be transposed somewhere: through registers (rung_double_buffer_fragments.cuh), by a pass
// over A, or by one 4-byte copy per float (rung_fp32_pipeline.cuh). Here a thread reads a *row* of
// it instead: one float4 holds 4 neighbouring k of one row, so 4 steps along k are done at once.
// For each group of 4 k, a thread loads TM float4s of A (its TM rows) and 4 × TN/4 float4s of B
// (4 rows of B), then does the 4 steps' multiply-adds in k's order: the same sums in the same
// order as the other rung 5 kernels, so the same bits. Both tiles are copied 16 bytes at a time
// by cp.async, straight from global memory, STAGES − 1 tiles ahead, as in the pipeline kernel.
//
// The catch is shared memory's banks. A row of the tile is BK = 32 floats, 8 chunks of 4: 128
// bytes, all 32 banks. The rows one load instruction reads are 4 apart (a warp's lanes cover its
// piece in 4-row blocks), so without help the 8 rows' chunks would all start in the same bank and
// be served one after another. Chunk q of row r is therefore stored at chunk q XOR ((r / 4) mod 8)
// of its row (a swizzle): 8 rows 4 apart land in 8 different groups of 4 banks.
//
// Registers: TM × TN sums, TM float4s of A and TN float4s of B: 128 for 8 × 8, so one block of
// 256 threads per SM (MIN_BLOCKS 1), as cuBLAS's own FP32 kernel runs.
#include "cp_async.cuh"
#include "fragments_4x4.cuh"
#include "grouped_blocks.cuh"

// Where chunk q (4 floats along k) of row `row` of A's tile lies, in floats from the tile's start.
__device__ inline int rows_tile_offset(int row, int q) { return row * 32 + ((q ^ ((row >> 2) & 7)) << 2); }

__device__ inline float float4_component(const float4& v, int which) {
  return which == 0 ? v.x : which == 1 ? v.y : which == 2 ? v.z : v.w;
}

template <int BM, int BN, int BK, int WM, int WN, int TM, int TN, int STAGES, int GROUP, int MIN_BLOCKS>
__global__ void __launch_bounds__((BM / WM) * (BN / WN) * 32, MIN_BLOCKS)
    mat_mul_fp32_rows_kernel(const float* a, const float* b, float* c, int m, int n, int k) {
  constexpr int kThreads = (BM / WM) * (BN / WN) * 32;
  constexpr int kLanesM = WM / TM, kLanesN = WN / TN;
  static_assert(kLanesM * kLanesN == 32, "a warp's 32 lanes cover its piece");
  static_assert(TM % 4 == 0 && TN % 4 == 0 && STAGES >= 2, "4 × 4 blocks, two buffers");
  static_assert(BK == 32, "a row of A's tile is the 8 chunks that the swizzle spreads over 8 groups of banks");
  constexpr int kFragsM = TM / 4, kFragsN = TN / 4;
  constexpr int kChunks = BK / 4;
  constexpr int kCopiesA = BM * kChunks / kThreads;  // float4s of A's tile a thread copies (B's: copy_tile_async)
  static_assert(kCopiesA * kThreads == BM * kChunks, "every thread copies the same number of float4s");
  // A stage as the pipeline kernel lays it out (kernels.h: fp32_pipeline_shared_bytes): A's tile
  // takes BM × BK floats of its BK × (BM + 4), B's tile BK × (BN + 4) after it.
  constexpr int kLdB = BN + 4;
  constexpr int kStage = BK * (BM + 4) + BK * kLdB;
  extern __shared__ float pipeline_tiles[];

  int block_m, block_n;
  grouped_block<GROUP>(&block_m, &block_n);
  const int block_row = block_m * BM, block_col = block_n * BN;
  int row0, col0;  // the thread's first 4 × 4 block in the tile
  fragment_origin<BN, WM, WN, TM, TN>(&row0, &col0);

  auto copy_tile = [&](int tile, int stage) {
    float* tile_a = &pipeline_tiles[stage * kStage];
    float* tile_b = tile_a + BK * (BM + 4);
    const int step = tile * BK;
#pragma unroll
    for (int j = 0; j < kCopiesA; ++j) {  // 8 neighbouring lanes copy one row: 128 bytes of A
      const int id = threadIdx.x + j * kThreads, row = id / kChunks, q = id % kChunks;
      copy_four_async(&tile_a[rows_tile_offset(row, q)], a, block_row + row, step + q * 4, m, k);
    }
    copy_tile_async<BK, BN, kThreads>(tile_b, kLdB, b, step, block_col, k, n);
  };

  float sums[TM][TN] = {};
  // Four steps along k: this thread's TM rows of A (4 k each) and 4 rows of B (TN columns each).
  auto multiply_group = [&](int stage, int group) {
    const float* tile_a = &pipeline_tiles[stage * kStage];
    const float* tile_b = tile_a + BK * (BM + 4);
    float4 rows_a[TM], rows_b[4][kFragsN];
#pragma unroll
    for (int i = 0; i < kFragsM; ++i)
#pragma unroll
      for (int t = 0; t < 4; ++t)
        rows_a[i * 4 + t] =
            *reinterpret_cast<const float4*>(&tile_a[rows_tile_offset(row0 + i * kLanesM * 4 + t, group)]);
#pragma unroll
    for (int s = 0; s < 4; ++s)
#pragma unroll
      for (int j = 0; j < kFragsN; ++j)
        rows_b[s][j] = *reinterpret_cast<const float4*>(&tile_b[(group * 4 + s) * kLdB + col0 + j * kLanesN * 4]);
#pragma unroll
    for (int s = 0; s < 4; ++s) {  // k = group · 4 + s, in order
      float4 column_a[kFragsM];
#pragma unroll
      for (int i = 0; i < kFragsM; ++i)
        column_a[i] = make_float4(float4_component(rows_a[i * 4], s), float4_component(rows_a[i * 4 + 1], s),
                                  float4_component(rows_a[i * 4 + 2], s), float4_component(rows_a[i * 4 + 3], s));
      multiply_fragments<TM, TN>(sums, column_a, rows_b[s]);
    }
  };

  // Tiles 0 … STAGES − 2 on their way; one commit group per tile, empty ones too (as in
  // rung_fp32_pipeline.cuh).
  const int tiles = (k + BK - 1) / BK;
#pragma unroll
  for (int s = 0; s < STAGES - 1; ++s) {
    if (s < tiles) copy_tile(s, s);
    cp_async_commit();
  }
  int stage = 0;
  for (int tile = 0; tile < tiles; ++tile) {
    cp_async_wait<STAGES - 2>();  // this thread's copies of this tile landed; after the barrier, everyone's,
    __syncthreads();              // and everyone is done with the buffer the next copy refills
    if (tile + STAGES - 1 < tiles) copy_tile(tile + STAGES - 1, (tile + STAGES - 1) % STAGES);
    cp_async_commit();
#pragma unroll
    for (int group = 0; group < kChunks; ++group) multiply_group(stage, group);
    stage = stage + 1 == STAGES ? 0 : stage + 1;
  }
  cp_async_wait<0>();  // no copy outlives the block

  store_fragment_sums<TM, TN, kLanesM, kLanesN>(c, sums, block_row + row0, block_col + col0, m, n);
}
