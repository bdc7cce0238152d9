#pragma once
// What host code knows of the ladder's kernels (rung_*.cuh): one handle per compiled instance.
// Each GPU translation unit (kernels_gpu_*.cu) holds one or two rungs in a namespace of its own
// (a unit's printf channel is per unit); the emulator binds them all in kernels_emu.cpp.
#include <cstddef>

#include "cudalab/kernel.h"
#include "cudalab/tensor_map.h"

namespace cudalab::lessons::ladder {

// C (m × n) = A (m × k) × B (k × n), all row-major device arrays.
using LadderMatmul = void(const float* a, const float* b, float* c, int m, int n, int k);

// The rungs, in teaching order. Saved in JSON by key (rung_key), never by number.
enum class Rung { tiling_1d, tiling_2d, vectorized, warp_tiling, double_buffer, tf32_wmma, tf32_mma, tf32_wgmma };

// Rung 7 (rung_tf32_mma.cuh) pads the rows of its shared tiles of A and B by these many floats, and
// its launch asks for STAGES such pairs of tiles as dynamic shared memory.
inline constexpr int kTf32MmaPadA = 4, kTf32MmaPadB = 8;
constexpr std::size_t tf32_mma_shared_bytes(int bm, int bn, int bk, int stages) {
  return static_cast<std::size_t>(stages) * (bm * (bk + kTf32MmaPadA) + bk * (bn + kTf32MmaPadB)) * sizeof(float);
}

// Rung 5's pipelined kernel (rung_fp32_pipeline.cuh) asks for STAGES pairs of padded tiles of
// dynamic shared memory.
constexpr std::size_t fp32_pipeline_shared_bytes(int bm, int bn, int bk, int stages) {
  return static_cast<std::size_t>(stages) * bk * (bm + 4 + bn + 4) * sizeof(float);
}

// Rung 8 (rung_tf32_wgmma.cuh) reads A and Bᵀ through TMA tensor maps, and its operand passes
// write them first: A (rows × k) or B (k × n) into rows × kp or n × kp, rounded to TF32 when
// `round` is not 0.
using LadderTmaMatmul = void(TensorMap a_map, TensorMap bt_map, float* c, int m, int n, int k);
using Tf32OperandPass = void(const float* from, float* to, int rows, int cols, int kp, int round);
// Its STAGES pairs of tiles (BM × 32 and BN × 32 floats), 1024 bytes of room to align them to the
// swizzle's period, and two barriers per stage.
constexpr std::size_t tf32_wgmma_shared_bytes(int bm, int bn, int stages) {
  return static_cast<std::size_t>(stages) * (bm + bn) * 32 * sizeof(float) + 1024 + 2 * 8 * static_cast<std::size_t>(stages);
}

}  // namespace cudalab::lessons::ladder

// X(unit namespace, handle, rung, BM, BN, BK, TM, TN, WM, WN, WN_ITER, STAGES, the kernel as its
// file names it). WM, WN, WN_ITER are 0 for rungs without warp tiles; STAGES counts the shared
// buffers; the kernel comes last because a template argument list holds commas. The first
// instance of each rung is its default before tuning. Rung 5's is the shape its tuning picked on an
// H100 and an H200 (CUDALAB_LADDER_KERNELS lists the fragment kernels first), so a class's first
// run of the whole ladder is within a few per cent of the tuned one, not 18 points under it; rung
// 6's is its tuning's pick on an H100 (67 TFLOP/s at n = 4096, against 60.5 for 64 × 32 warp tiles).
#define CUDALAB_LADDER_TILING_KERNELS(X)                                                                           \
  X(tiling, tiling_1d_64x64x8_tm8, Rung::tiling_1d, 64, 64, 8, 8, 1, 0, 0, 0, 1, mat_mul_1d_tiling_kernel<64, 64, 8, 8>) \
  X(tiling, tiling_1d_128x64x8_tm16, Rung::tiling_1d, 128, 64, 8, 16, 1, 0, 0, 0, 1,                                    \
    mat_mul_1d_tiling_kernel<128, 64, 8, 16>)                                                                       \
  X(tiling, tiling_2d_128x128x8_8x8, Rung::tiling_2d, 128, 128, 8, 8, 8, 0, 0, 0, 1,                                     \
    mat_mul_2d_tiling_kernel<128, 128, 8, 8, 8>)                                                                    \
  X(tiling, tiling_2d_128x64x8_8x8, Rung::tiling_2d, 128, 64, 8, 8, 8, 0, 0, 0, 1, mat_mul_2d_tiling_kernel<128, 64, 8, 8, 8>)

#define CUDALAB_LADDER_VECTORIZED_KERNELS(X)                                       \
  X(vectorized, vectorized_128x128x8_8x8, Rung::vectorized, 128, 128, 8, 8, 8, 0, 0, 0, 1, \
    mat_mul_vectorized_kernel<128, 128, 8, 8, 8>)                                  \
  X(vectorized, vectorized_128x128x16_8x8, Rung::vectorized, 128, 128, 16, 8, 8, 0, 0, 0, 1, \
    mat_mul_vectorized_kernel<128, 128, 16, 8, 8>)                                 \
  X(vectorized, vectorized_128x64x16_8x8, Rung::vectorized, 128, 64, 16, 8, 8, 0, 0, 0, 1, \
    mat_mul_vectorized_kernel<128, 64, 16, 8, 8>)

#define CUDALAB_LADDER_WARP_KERNELS(X)                                                           \
  X(warp, warp_128x128x16_w64x64_4_8x4, Rung::warp_tiling, 128, 128, 16, 8, 4, 64, 64, 4, 1,         \
    mat_mul_warp_tiling_kernel<128, 128, 16, 64, 64, 4, 8, 4>)                                   \
  X(warp, warp_128x128x8_w64x32_2_8x4, Rung::warp_tiling, 128, 128, 8, 8, 4, 64, 32, 2, 1,           \
    mat_mul_warp_tiling_kernel<128, 128, 8, 64, 32, 2, 8, 4>)                                    \
  X(warp, warp_128x64x16_w64x32_2_8x4, Rung::warp_tiling, 128, 64, 16, 8, 4, 64, 32, 2, 1,           \
    mat_mul_warp_tiling_kernel<128, 64, 16, 64, 32, 2, 8, 4>)

#define CUDALAB_LADDER_DOUBLE_BUFFER_KERNELS(X)                                                  \
  X(double_buffer, double_128x128x16_w64x64_4_8x4, Rung::double_buffer, 128, 128, 16, 8, 4, 64, 64, 4, 2, \
    mat_mul_double_buffer_kernel<128, 128, 16, 64, 64, 4, 8, 4>)                                 \
  X(double_buffer, double_128x128x8_w64x32_2_8x4, Rung::double_buffer, 128, 128, 8, 8, 4, 64, 32, 2, 2,   \
    mat_mul_double_buffer_kernel<128, 128, 8, 64, 32, 2, 8, 4>)

// Wider and narrower shapes of rung 5 for the tuner, in a unit of their own (nvcc time).
#define CUDALAB_LADDER_DOUBLE_BUFFER_WIDE_KERNELS(X)                                                      \
  X(double_buffer_wide, double_128x128x8_w64x64_4_8x4, Rung::double_buffer, 128, 128, 8, 8, 4, 64, 64, 4, 2, \
    mat_mul_double_buffer_kernel<128, 128, 8, 64, 64, 4, 8, 4>)                                           \
  X(double_buffer_wide, double_128x256x8_w64x64_4_8x4, Rung::double_buffer, 128, 256, 8, 8, 4, 64, 64, 4, 2, \
    mat_mul_double_buffer_kernel<128, 256, 8, 64, 64, 4, 8, 4>)                                           \
  X(double_buffer_wide, double_256x128x8_w64x64_4_8x4, Rung::double_buffer, 256, 128, 8, 8, 4, 64, 64, 4, 2, \
    mat_mul_double_buffer_kernel<256, 128, 8, 64, 64, 4, 8, 4>)                                           \
  X(double_buffer_wide, double_128x128x16_w64x64_2_8x8, Rung::double_buffer, 128, 128, 16, 8, 8, 64, 64, 2, 2, \
    mat_mul_double_buffer_kernel<128, 128, 16, 64, 64, 2, 8, 8>)                                          \
  X(double_buffer_wide, double_128x128x8_w64x64_2_8x8, Rung::double_buffer, 128, 128, 8, 8, 8, 64, 64, 2, 2, \
    mat_mul_double_buffer_kernel<128, 128, 8, 64, 64, 2, 8, 8>)                                           \
  X(double_buffer_wide, double_128x64x8_w64x32_2_8x4, Rung::double_buffer, 128, 64, 8, 8, 4, 64, 32, 2, 2, \
    mat_mul_double_buffer_kernel<128, 64, 8, 64, 32, 2, 8, 4>)

// Rung 5 with the fragments of shared memory double-buffered in registers too, 8 × 8 results per
// thread in 4 × 4 blocks, blocks renumbered GROUP block-rows at a time (rung_double_buffer_fragments.cuh).
// WN_ITER is TN / 4 here: the thread's column blocks.
#define CUDALAB_LADDER_DOUBLE_BUFFER_FRAGMENTS_KERNELS(X)                                                        \
  X(double_buffer_fragments, dbfrag_128x128x8_w64x32_8x8_g8, Rung::double_buffer, 128, 128, 8, 8, 8, 64, 32, 2, 2, \
    mat_mul_double_buffer_fragments_kernel<128, 128, 8, 64, 32, 8, 8, 8>)                                        \
  X(double_buffer_fragments, dbfrag_128x128x8_w32x64_8x8_g8, Rung::double_buffer, 128, 128, 8, 8, 8, 32, 64, 2, 2, \
    mat_mul_double_buffer_fragments_kernel<128, 128, 8, 32, 64, 8, 8, 8>)                                        \
  X(double_buffer_fragments, dbfrag_128x128x8_w32x64_8x8_g1, Rung::double_buffer, 128, 128, 8, 8, 8, 32, 64, 2, 2, \
    mat_mul_double_buffer_fragments_kernel<128, 128, 8, 32, 64, 8, 8, 1>)                                        \
  X(double_buffer_fragments, dbfrag_128x128x16_w32x64_8x8_g8, Rung::double_buffer, 128, 128, 16, 8, 8, 32, 64, 2, 2, \
    mat_mul_double_buffer_fragments_kernel<128, 128, 16, 32, 64, 8, 8, 8>)                                       \
  X(double_buffer_fragments, dbfrag_128x128x8_w64x64_8x16_g8, Rung::double_buffer, 128, 128, 8, 8, 16, 64, 64, 4, 2, \
    mat_mul_double_buffer_fragments_kernel<128, 128, 8, 64, 64, 8, 16, 8, 2>)                                    \
  X(double_buffer_fragments, dbfrag_128x256x8_w64x64_8x16_g8, Rung::double_buffer, 128, 256, 8, 8, 16, 64, 64, 4, 2, \
    mat_mul_double_buffer_fragments_kernel<128, 256, 8, 64, 64, 8, 16, 8, 1>)                                    \
  X(double_buffer_fragments, dbfrag_256x128x8_w64x64_16x8_g8, Rung::double_buffer, 256, 128, 8, 16, 8, 64, 64, 2, 2, \
    mat_mul_double_buffer_fragments_kernel<256, 128, 8, 64, 64, 16, 8, 8, 1>)

#define CUDALAB_LADDER_TF32_KERNELS(X)                                                              \
  X(tf32, tf32_128x128x16_w64x64_2stage, Rung::tf32_wmma, 128, 128, 16, 16, 16, 64, 64, 0, 2,        \
    mat_mul_tf32_wmma_kernel<128, 128, 16, 64, 64, 2, true>)                                              \
  X(tf32, tf32_128x128x16_w64x32_2stage, Rung::tf32_wmma, 128, 128, 16, 16, 16, 64, 32, 0, 2,        \
    mat_mul_tf32_wmma_kernel<128, 128, 16, 64, 32, 2, true>)                                              \
  X(tf32, tf32_128x128x32_w64x32_1stage, Rung::tf32_wmma, 128, 128, 32, 16, 16, 64, 32, 0, 1,        \
    mat_mul_tf32_wmma_kernel<128, 128, 32, 64, 32, 1, true>)                                              \
  X(tf32, tf32_64x64x32_w32x32_2stage, Rung::tf32_wmma, 64, 64, 32, 16, 16, 32, 32, 0, 2,            \
    mat_mul_tf32_wmma_kernel<64, 64, 32, 32, 32, 2, true>)                                          \
  X(tf32, tf32_128x128x16_w64x64_2stage_truncated, Rung::tf32_wmma, 128, 128, 16, 16, 16, 64, 64, 0, 2, \
    mat_mul_tf32_wmma_kernel<128, 128, 16, 64, 64, 2, false>)                                       \
  X(tf32, tf32_128x128x16_w64x32_2stage_truncated, Rung::tf32_wmma, 128, 128, 16, 16, 16, 64, 32, 0, 2, \
    mat_mul_tf32_wmma_kernel<128, 128, 16, 64, 32, 2, false>)

// Rung 7: mma.sync in inline PTX, STAGES cp.async buffers in dynamic shared memory, blocks
// renumbered 8 block-rows at a time (rung_tf32_mma.cuh). TM × TN is the MMA's 16 × 8; WN_ITER is 0.
// The first (74 KiB of shared memory) runs on every GPU of compute capability 8.0 or newer; the
// others (105 to 153 KiB) need the larger shared memory of an A100 or H100/H200.
#define CUDALAB_LADDER_TF32_MMA_KERNELS(X)                                                              \
  X(tf32_mma, mma_128x128x16_w64x64_4stage, Rung::tf32_mma, 128, 128, 16, 16, 8, 64, 64, 0, 4,           \
    mat_mul_tf32_mma_kernel<128, 128, 16, 64, 64, 4, 8, 2>)                                           \
  X(tf32_mma, mma_128x256x32_w64x64_3stage, Rung::tf32_mma, 128, 256, 32, 16, 8, 64, 64, 0, 3,           \
    mat_mul_tf32_mma_kernel<128, 256, 32, 64, 64, 3, 8, 1>)                                           \
  X(tf32_mma, mma_128x128x32_w64x64_3stage, Rung::tf32_mma, 128, 128, 32, 16, 8, 64, 64, 0, 3,           \
    mat_mul_tf32_mma_kernel<128, 128, 32, 64, 64, 3, 8, 2>)                                           \
  X(tf32_mma, mma_128x256x16_w64x64_4stage, Rung::tf32_mma, 128, 256, 16, 16, 8, 64, 64, 0, 4,           \
    mat_mul_tf32_mma_kernel<128, 256, 16, 64, 64, 4, 8, 1>)

// Rung 5 fed by a cp.async pipeline of STAGES buffers (rung_fp32_pipeline.cuh). Its own list: its
// launch differs. X(unit, handle, BM, BN, BK, TM, TN, WM, WN, STAGES, A transposed by a pass first,
// the kernel). The `_a_direct` shapes read A as it lies and transpose each tile on its way into
// shared memory, one 4-byte cp.async per float; each is the twin of a shape with the pass, so the
// tuner's table shows what the pass saves (on an H100 at 4096: 44.4 TFLOP/s with it, 35.7 without,
// for the 2-stage BK = 32 pair; a 3-stage direct one gave 35.0). The BK = 32 shapes (66 KiB) are
// more than the emulator's 48 KiB: they run on a GPU only (check_ladder_kernel says so); the one
// with the pass is the fastest FP32 kernel measured on an H100 at 8192. The `rows_` shapes are
// rung_fp32_rows.cuh: A's tile kept in rows (swizzled), 4 steps along k per fragment load, one
// block of 256 threads per SM; the 64 × 64 one fits the emulator.
#define CUDALAB_LADDER_FP32_PIPELINE_KERNELS(X)                                                            \
  X(fp32_pipeline, pipe_128x128x8_w64x32_8x8_3stage, 128, 128, 8, 8, 8, 64, 32, 3, true,                     \
    mat_mul_fp32_pipeline_kernel<128, 128, 8, 64, 32, 8, 8, 3, 8, 2, true>)                                  \
  X(fp32_pipeline, pipe_128x128x8_w64x32_8x8_4stage, 128, 128, 8, 8, 8, 64, 32, 4, true,                     \
    mat_mul_fp32_pipeline_kernel<128, 128, 8, 64, 32, 8, 8, 4, 8, 2, true>)                                  \
  X(fp32_pipeline, pipe_128x128x8_w32x64_8x8_3stage, 128, 128, 8, 8, 8, 32, 64, 3, true,                     \
    mat_mul_fp32_pipeline_kernel<128, 128, 8, 32, 64, 8, 8, 3, 8, 2, true>)                                  \
  X(fp32_pipeline, pipe_128x128x32_w64x32_8x8_2stage, 128, 128, 32, 8, 8, 64, 32, 2, true,                    \
    mat_mul_fp32_pipeline_kernel<128, 128, 32, 64, 32, 8, 8, 2, 8, 2, true>)                                 \
  X(fp32_pipeline, pipe_128x128x8_w64x32_8x8_4stage_a_direct, 128, 128, 8, 8, 8, 64, 32, 4, false,           \
    mat_mul_fp32_pipeline_kernel<128, 128, 8, 64, 32, 8, 8, 4, 8, 2, false>)                                 \
  X(fp32_pipeline, pipe_128x128x32_w64x32_8x8_2stage_a_direct, 128, 128, 32, 8, 8, 64, 32, 2, false,          \
    mat_mul_fp32_pipeline_kernel<128, 128, 32, 64, 32, 8, 8, 2, 8, 2, false>)                                \
  X(fp32_pipeline, rows_64x64x32_w64x32_8x8_2stage, 64, 64, 32, 8, 8, 64, 32, 2, false,                      \
    mat_mul_fp32_rows_kernel<64, 64, 32, 64, 32, 8, 8, 2, 8, 1>)                                             \
  X(fp32_pipeline, rows_128x128x32_w64x32_8x8_2stage, 128, 128, 32, 8, 8, 64, 32, 2, false,                  \
    mat_mul_fp32_rows_kernel<128, 128, 32, 64, 32, 8, 8, 2, 8, 1>)                                           \
  X(fp32_pipeline, rows_128x128x32_w64x32_8x8_3stage, 128, 128, 32, 8, 8, 64, 32, 3, false,                  \
    mat_mul_fp32_rows_kernel<128, 128, 32, 64, 32, 8, 8, 3, 8, 1>)                                           \
  X(fp32_pipeline, rows_128x128x32_w64x32_8x8_4stage, 128, 128, 32, 8, 8, 64, 32, 4, false,                  \
    mat_mul_fp32_rows_kernel<128, 128, 32, 64, 32, 8, 8, 4, 8, 1>)

// Rung 8: wgmma fed by TMA, BM / 64 consumer warp groups and one producer (rung_tf32_wgmma.cuh).
// Its own list: the kernel's parameters are not LadderMatmul's. X(unit, handle, BM, BN, STAGES,
// round the inputs to TF32, the kernel). The first is the default.
#define CUDALAB_LADDER_TF32_WGMMA_KERNELS(X)                                                              \
  X(tf32_wgmma, wgmma_128x256x32_4stage, 128, 256, 4, true, mat_mul_tf32_wgmma_kernel<128, 256, 4, 8>)     \
  X(tf32_wgmma, wgmma_128x256x32_3stage, 128, 256, 3, true, mat_mul_tf32_wgmma_kernel<128, 256, 3, 8>)     \
  X(tf32_wgmma, wgmma_128x128x32_6stage, 128, 128, 6, true, mat_mul_tf32_wgmma_kernel<128, 128, 6, 8>)     \
  X(tf32_wgmma, wgmma_256x128x32_4stage, 256, 128, 4, true, mat_mul_tf32_wgmma_kernel<256, 128, 4, 8>)     \
  X(tf32_wgmma, wgmma_128x256x32_4stage_truncated, 128, 256, 4, false, mat_mul_tf32_wgmma_kernel<128, 256, 4, 8>)

#define CUDALAB_LADDER_KERNELS(X)       \
  CUDALAB_LADDER_TILING_KERNELS(X)      \
  CUDALAB_LADDER_VECTORIZED_KERNELS(X)  \
  CUDALAB_LADDER_WARP_KERNELS(X)        \
  CUDALAB_LADDER_DOUBLE_BUFFER_FRAGMENTS_KERNELS(X) \
  CUDALAB_LADDER_DOUBLE_BUFFER_KERNELS(X) \
  CUDALAB_LADDER_DOUBLE_BUFFER_WIDE_KERNELS(X) \
  CUDALAB_LADDER_TF32_KERNELS(X) \
  CUDALAB_LADDER_TF32_MMA_KERNELS(X)

#define CUDALAB_LADDER_DECLARE_KERNEL(unit, name, ...) \
  namespace unit {                                     \
  CUDALAB_DECLARE_KERNEL(name, LadderMatmul)           \
  }

#define CUDALAB_LADDER_DECLARE_WGMMA_KERNEL(unit, name, bm, bn, stages, rounded, ...) \
  namespace unit {                                                                 \
  CUDALAB_DECLARE_KERNEL(name, LadderTmaMatmul)                                    \
  }

namespace cudalab::lessons::ladder {
CUDALAB_LADDER_KERNELS(CUDALAB_LADDER_DECLARE_KERNEL)
CUDALAB_LADDER_TF32_WGMMA_KERNELS(CUDALAB_LADDER_DECLARE_WGMMA_KERNEL)
#define CUDALAB_LADDER_DECLARE_PIPELINE_KERNEL(unit, name, ...) CUDALAB_LADDER_DECLARE_KERNEL(unit, name)
CUDALAB_LADDER_FP32_PIPELINE_KERNELS(CUDALAB_LADDER_DECLARE_PIPELINE_KERNEL)
#undef CUDALAB_LADDER_DECLARE_PIPELINE_KERNEL
namespace tf32_wgmma {
CUDALAB_DECLARE_KERNEL(tf32_operand_a_kernel, Tf32OperandPass)
CUDALAB_DECLARE_KERNEL(tf32_operand_bt_kernel, Tf32OperandPass)
}  // namespace tf32_wgmma
}  // namespace cudalab::lessons::ladder
