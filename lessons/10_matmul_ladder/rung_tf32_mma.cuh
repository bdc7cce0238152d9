// Rung 7 of the matmul ladder: the tensor cores of rung 6 without WMMA's wrapping, in TF32. Same
// layout as rung 1 (row-major A: m × k, B: k × n, C: m × n).
//
// Rung 6 reached a fifth of cuBLAS's TF32 speed. WMMA hides which lane holds which element of a
// fragment, so the kernel cannot choose how fragments come out of shared memory. Here the warp
// issues the tensor-core instruction itself (inline PTX `mma.sync.aligned.m16n8k8`: a 16 × 8 block
// of sums += 16 × 8 of one input times 8 × 8 of the other, the inputs in TF32, the sums in FP32),
// and because the PTX manual says exactly which lane holds which element, every step can be
// arranged so that nothing is wasted:
//
// 1. A deeper pipeline. STAGES shared buffers (3 or 4, up to 153 KiB: more than the 48 KiB a static
//    __shared__ array may hold, so the buffers are dynamic shared memory, sized by the launch,
//    tf32_mma_shared_bytes in kernels.h). cp.async copies global memory straight into shared memory
//    without passing through registers; tile t + STAGES − 1 is on its way while tile t is multiplied,
//    and one barrier per tile keeps the buffers apart. The copies of a tile are spread over the
//    steps of the one before (with 8 warps issuing them all at once they queued up: +8 %).
// 2. Large warp tiles: each warp computes WM × WN = 64 × 64 of C (128 sums per lane), so each value
//    read from shared memory feeds many multiplies.
// 3. Fragments straight into the registers the instruction reads, with no bank conflicts:
//    - A's 16 × 8 pieces with ldmatrix (one instruction loads four 8 × 4 blocks of floats, each lane
//      gets the element the MMA wants from it). Rows of A's tile are padded by 4 floats, so the eight
//      rows one ldmatrix phase reads start in eight different groups of 4 banks.
//    - B: the MMA's first operand holds rows g and g + 8 of a 16-row piece in two neighbouring
//      registers. Which 16 columns of C a piece covers, and in which order, is ours to choose as
//      long as the results are written back to the same places: piece column g + 8h lives in
//      memory column 2g + h. Then the two values are neighbours in shared memory too, and one 64-bit
//      load fetches both. Rows of B's tile are padded by 8 floats: the 16 lanes of a 64-bit phase
//      (4 rows × 4 column pairs) fall in 32 different banks.
//    So the product is computed transposed, Cᵀ = Bᵀ · Aᵀ: B's piece is the MMA's 16 × 8 "row"
//    operand and A's the 8 × 8 "col" one. Nothing changes but which matrix goes where; the
//    compiler then moves no register between the loads and the MMAs (with A and B the other way
//    round it copied two registers per MMA: 182 instead of 212 TFLOP/s on an H200).
// 4. Fragments double-buffered in registers, as rung 5 did for FP32: the loads of step kk + 8 (or of
//    the next tile's first step) are issued before the MMAs of step kk, so they arrive while the
//    tensor cores work.
// 5. Blocks renumbered GROUP block-rows at a time (grouped_blocks.cuh): neighbours in
//    time read the same tiles of A and B, which stay in L2.
//
// The inputs are not rounded to TF32 (cvt.rna.tf32.f32), which the Programming Guide asks of TF32
// inputs: what the tensor cores make of plain FP32 bits is not specified. On sm_80 and sm_90 they
// were seen to keep the top 19 bits (truncation, about twice the error of rounding); rounding every
// fragment cost an earlier version of this kernel 13 % of its speed. The lesson says so.
//
// The CPU emulator has no tensor cores and does not imitate a warp's fragments: there this kernel's
// body is empty, and the host code says in words that the rung needs a GPU of compute capability 8.0
// or newer (so does a build for sm_75). kTf32MmaPadA and kTf32MmaPadB come from kernels.h, which
// the including unit has included.

#include "cp_async.cuh"
#include "grouped_blocks.cuh"

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
// copy_four_async (cp_async.cuh) without checks, for tiles wholly inside A or B.
__device__ inline void mma_copy_four_inside(float* shared, const float* from) {
  const unsigned to = static_cast<unsigned>(__cvta_generic_to_shared(shared));
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(to), "l"(from));
}
#endif

template <int BM, int BN, int BK, int WM, int WN, int STAGES, int GROUP, int MIN_BLOCKS = 1>
__global__ void __launch_bounds__((BM / WM) * (BN / WN) * 32, MIN_BLOCKS)
    mat_mul_tf32_mma_kernel(const float* a, const float* b, float* c, int m, int n, int k) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  constexpr int kWarpsN = BN / WN;
  constexpr int kThreads = (BM / WM) * kWarpsN * 32;
  // Padded rows (see 3. above); kernels.h's tf32_mma_shared_bytes counts the same.
  constexpr int kLdA = BK + kTf32MmaPadA, kLdB = BN + kTf32MmaPadB;
  constexpr int kStageA = BM * kLdA, kStage = kStageA + BK * kLdB;  // one buffer: A's tile, then B's
  constexpr int kBlocksM = WM / 8;   // the warp's 8-row blocks of C (the MMA's n = 8)
  constexpr int kPiecesN = WN / 16;  // its 16-column pieces of C (the MMA's m = 16)
  constexpr int kSteps = BK / 8;     // MMAs along k per tile (the MMA's k = 8)
  constexpr int kCopySteps = kSteps > 2 ? kSteps - 1 : 1;  // steps that issue the next tile's copies
  static_assert(WM % 16 == 0 && WN % 16 == 0 && BK % 8 == 0 && STAGES >= 2, "whole MMAs, two buffers or more");
  static_assert(BK >= 16, "the wait for the next tile comes at the last step, after this tile's copies were committed");
  static_assert(kLdB % 32 == 8, "B's padded rows start 8 banks apart");
  // Each thread copies the same number of 16-byte groups of each tile, whole rows of threads at once.
  constexpr int kRowsA = kThreads / (BK / 4), kRowsB = kThreads / (BN / 4);
  static_assert(kThreads % (BK / 4) == 0 && BM % kRowsA == 0, "A's tile in whole passes");
  static_assert(kThreads % (BN / 4) == 0 && BK % kRowsB == 0, "B's tile in whole passes");
  extern __shared__ __align__(16) float stages[];  // STAGES × (A's tile, B's tile)

  // Which tile of C this block computes (GROUP block-rows at a time, column by column).
  int block_m, block_n;
  grouped_block<GROUP>(&block_m, &block_n);
  const int block_row = block_m * BM, block_col = block_n * BN;
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  const int warp_row = (warp / kWarpsN) * WM, warp_col = (warp % kWarpsN) * WN;
  const int g = lane / 4, t = lane % 4;  // the MMA's lane numbering: group g of 4 lanes, t within it

  // --- Copies: this thread's 16-byte groups of A's tile (BM × BK) and B's (BK × BN).
  const int a_row = threadIdx.x / (BK / 4), a_col = (threadIdx.x % (BK / 4)) * 4;
  const int b_row = threadIdx.x / (BN / 4), b_col = (threadIdx.x % (BN / 4)) * 4;
  const bool a_inside = block_row + BM <= m && k % 4 == 0;  // no check needed, but at the end of k
  const bool b_inside = block_col + BN <= n && n % 4 == 0;
  const float* a_from = a + (a_inside ? (block_row + a_row) * k + a_col : 0);
  const float* b_from = b + (b_inside ? b_row * n + block_col + b_col : 0);
  // Starts the copies of part `part` of `parts` of the tiles of tile `tile` into buffer `stage`:
  // the thread's rows of A's tile come first in its list, then its rows of B's.
  constexpr int kCopiesA = BM / kRowsA, kCopies = kCopiesA + BK / kRowsB;
  auto copy_tiles = [&](int tile, int stage, int part, int parts) {
    const int step = tile * BK;
    float* tile_a = &stages[stage * kStage];  // tile_a[row * kLdA + kk] = A[block_row + row][step + kk]
    float* tile_b = tile_a + kStageA;         // tile_b[kk * kLdB + col] = B[step + kk][block_col + col]
    const int first = part * kCopies / parts, last = (part + 1) * kCopies / parts;  // this part's copies
    if (a_inside && step + BK <= k) {
#pragma unroll
      for (int r = 0; r < kCopiesA; ++r)
        if (r >= first && r < last) mma_copy_four_inside(&tile_a[(a_row + r * kRowsA) * kLdA + a_col], a_from + r * kRowsA * k + step);
    } else {
#pragma unroll
      for (int r = 0; r < kCopiesA; ++r)
        if (r >= first && r < last)
          copy_four_async(&tile_a[(a_row + r * kRowsA) * kLdA + a_col], a, block_row + a_row + r * kRowsA, step + a_col, m, k);
    }
    if (b_inside && step + BK <= k) {
#pragma unroll
      for (int r = 0; r < BK / kRowsB; ++r)
        if (kCopiesA + r >= first && kCopiesA + r < last)
          mma_copy_four_inside(&tile_b[(b_row + r * kRowsB) * kLdB + b_col], b_from + (step + r * kRowsB) * n);
    } else {
#pragma unroll
      for (int r = 0; r < BK / kRowsB; ++r)
        if (kCopiesA + r >= first && kCopiesA + r < last)
          copy_four_async(&tile_b[(b_row + r * kRowsB) * kLdB + b_col], b, step + b_row + r * kRowsB, block_col + b_col, k, n);
    }
  };

  // --- Fragments. A: ldmatrix.x4 reads four 8 × 4 blocks of floats, lanes 8q … 8q + 7 giving the
  // row addresses of block q: rows 0–7 and 8–15 of a 16-row piece, columns kk … kk + 3 and
  // kk + 4 … kk + 7. Lane (g, t) receives element (g, t) of each block: registers 0 and 1 are the
  // MMA's second operand for the piece's first 8 rows, registers 2 and 3 for the next 8.
  const unsigned shared_base = static_cast<unsigned>(__cvta_generic_to_shared(stages));
  const unsigned a_lane = shared_base + 4u * ((warp_row + lane % 8 + (lane / 16) * 8) * kLdA + ((lane / 8) % 2) * 4);
  // B: the first operand's four registers, rows (g, g + 8) × columns (t, t + 4) of Bᵀ's 16 × 8 piece:
  // B[kk + t][2g], B[kk + t][2g + 1], B[kk + t + 4][2g], B[kk + t + 4][2g + 1] in the piece's columns.
  const int b_lane = kStageA + t * kLdB + warp_col + 2 * g;
  unsigned a_frag[2][kBlocksM / 2][4], b_frag[2][kPiecesN][4];  // two sets: step kk and kk + 8
  auto load_fragments = [&](int set, int stage, int kk) {
#pragma unroll
    for (int p = 0; p < kBlocksM / 2; ++p)
      asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
                   : "=r"(a_frag[set][p][0]), "=r"(a_frag[set][p][1]), "=r"(a_frag[set][p][2]), "=r"(a_frag[set][p][3])
                   : "r"(a_lane + 4u * (stage * kStage + p * 16 * kLdA + kk)));
    const float* tile_b = &stages[stage * kStage + b_lane];
#pragma unroll
    for (int j = 0; j < kPiecesN; ++j) {
      const float2 upper = *reinterpret_cast<const float2*>(&tile_b[kk * kLdB + j * 16]);
      const float2 lower = *reinterpret_cast<const float2*>(&tile_b[(kk + 4) * kLdB + j * 16]);
      b_frag[set][j][0] = __float_as_uint(upper.x);
      b_frag[set][j][1] = __float_as_uint(upper.y);
      b_frag[set][j][2] = __float_as_uint(lower.x);
      b_frag[set][j][3] = __float_as_uint(lower.y);
    }
  };

  // sums[j][i]: Cᵀ's 16 × 8 block for column piece j and row block i, four values per lane.
  float sums[kPiecesN][kBlocksM][4];
#pragma unroll
  for (int j = 0; j < kPiecesN; ++j)
#pragma unroll
    for (int i = 0; i < kBlocksM; ++i)
#pragma unroll
      for (int e = 0; e < 4; ++e) sums[j][i][e] = 0.0f;

  // --- The pipeline: tiles 0 … STAGES − 2 on their way before the loop (one commit group each,
  // empty ones too, so that "all but STAGES − 2 groups done" always means "tile t has landed").
  const int tiles = (k + BK - 1) / BK;
#pragma unroll
  for (int s = 0; s < STAGES - 1; ++s) {
    if (s < tiles) copy_tiles(s, s, 0, 1);
    cp_async_commit();
  }
  cp_async_wait<STAGES - 2>();
  __syncthreads();
  int read_stage = 0, write_stage = STAGES - 1;
  load_fragments(0, 0, 0);

  for (int tile = 0; tile < tiles; ++tile) {
#pragma unroll
    for (int s = 0; s < kSteps; ++s) {
      if (s == kSteps - 1) {
        // The next tile's copies (this thread's) are done, and after the barrier everyone's are;
        // everyone has also loaded its last fragments of the buffer the next copy overwrites.
        cp_async_wait<STAGES - 2>();
        __syncthreads();
        read_stage = read_stage + 1 == STAGES ? 0 : read_stage + 1;
      }
      load_fragments((s + 1) % 2, read_stage, ((s + 1) % kSteps) * 8);  // in flight during the MMAs below
      // Tile tile + STAGES − 1 into the buffer everyone finished with before the last barrier, its
      // copies spread over the steps before the next wait (all 8 warps issuing all of them at one
      // step would queue up behind each other), committed as one group.
      if (s < kCopySteps && tile + STAGES - 1 < tiles) copy_tiles(tile + STAGES - 1, write_stage, s, kCopySteps);
      if (s == kCopySteps - 1) {
        cp_async_commit();
        write_stage = write_stage + 1 == STAGES ? 0 : write_stage + 1;
      }
#pragma unroll
      for (int j = 0; j < kPiecesN; ++j)
#pragma unroll
        for (int i = 0; i < kBlocksM; ++i) {
          const unsigned* bs = b_frag[s % 2][j];                 // Bᵀ's 16 × 8 piece: the "row" operand
          const unsigned* as = &a_frag[s % 2][i / 2][(i % 2) * 2];  // Aᵀ's 8 × 8 piece: the "col" operand
          asm("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
              "{%0, %1, %2, %3};\n"
              : "+f"(sums[j][i][0]), "+f"(sums[j][i][1]), "+f"(sums[j][i][2]), "+f"(sums[j][i][3])
              : "r"(bs[0]), "r"(bs[1]), "r"(bs[2]), "r"(bs[3]), "r"(as[0]), "r"(as[1]));
        }
    }
  }
  cp_async_wait<0>();  // no copy may outlive the block (the empty groups)

  // --- C. Lane (g, t) holds, of Cᵀ's block: sums[j][i][h] = C[row 2t + h][piece column g] and
  // sums[j][i][2 + h] = C[2t + h][g + 8], which live in neighbouring columns 2g, 2g + 1: one 64-bit
  // store when C's rows allow it.
#pragma unroll
  for (int j = 0; j < kPiecesN; ++j)
#pragma unroll
    for (int i = 0; i < kBlocksM; ++i)
#pragma unroll
      for (int h = 0; h < 2; ++h) {
        const int row = block_row + warp_row + i * 8 + 2 * t + h;
        const int col = block_col + warp_col + j * 16 + 2 * g;
        if (row >= m) continue;
        if (col + 1 < n && n % 2 == 0) {
          *reinterpret_cast<float2*>(&c[row * n + col]) = make_float2(sums[j][i][h], sums[j][i][2 + h]);
        } else {
          if (col < n) c[row * n + col] = sums[j][i][h];
          if (col + 1 < n) c[row * n + col + 1] = sums[j][i][2 + h];
        }
      }
#else
  (void)a, (void)b, (void)c, (void)m, (void)n, (void)k;
#endif
}
