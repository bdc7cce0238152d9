#pragma once
// The matmul ladder (issue #15): from chapter 6's shared tiles towards cuBLAS, one rung per idea.
// Each rung is a kernel file (rung_*.cuh) compiled for a few tile shapes; host code picks an
// instance (by default the first of its rung, or what `cudalab bench matmul --tune` chose) and
// launches it here, on the GPU or on the emulator alike (the TF32 rung: GPU only).
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "cudalab/buffer.h"
#include "cudalab/device.h"
#include "kernels.h"

namespace cudalab::lessons::ladder {

inline constexpr Rung kRungs[] = {Rung::tiling_1d,     Rung::tiling_2d, Rung::vectorized, Rung::warp_tiling,
                                  Rung::double_buffer, Rung::tf32_wmma, Rung::tf32_mma,   Rung::tf32_wgmma};
// The rungs that multiply on tensor cores in TF32 (6, 7 and 8): GPU only, compute capability 8.0
// or newer (rung 8: 9.0).
constexpr bool uses_tensor_cores(Rung rung) {
  return rung == Rung::tf32_wmma || rung == Rung::tf32_mma || rung == Rung::tf32_wgmma;
}
const char* rung_key(Rung rung);    // "1d_tiling", for tables and JSON
const char* rung_title(Rung rung);  // "1D register tiling (TM results per thread)"

// One compiled instance of a rung's kernel and the tile shape it was compiled for.
struct LadderKernel {
  const char* key = "";  // "tiling_2d_128x128x8_8x8"
  Rung rung = Rung::tiling_1d;
  int bm = 0, bn = 0, bk = 0;        // the block's tile of C (BM × BN) and its step along k
  int tm = 0, tn = 0;                // results per thread (TM × TN); TF32: the fragment (16 × 16) or MMA (16 × 8)
  int wm = 0, wn = 0, wn_iter = 0;   // a warp's piece of the tile; 0 for rungs without warp tiles
  int stages = 1;                    // shared buffers: 2 for double buffering
  const Kernel<LadderMatmul>* kernel = nullptr;     // every rung but 8
  const Kernel<LadderTmaMatmul>* tma_kernel = nullptr;  // rung 8 (wgmma), which reads tensor maps
  bool rounds_inputs = false;        // rung 8: its operand passes round A and B to TF32 (else the MMA truncates)
  bool fp32_pipeline = false;        // rung 5's pipelined kernel: STAGES padded tiles of dynamic shared memory
  bool transposes_a = false;         // …and one that reads Aᵀ, which its launch writes first
  unsigned threads_per_block() const;
  std::size_t dynamic_shared_bytes() const;  // what the launch asks for (rungs 7, 8, the pipeline's stages); else 0
  std::string shape_in_words() const;  // "BM×BN×BK 128×128×8, TM×TN 8×8"
  // Whether the tensor cores get A and B truncated to TF32 rather than rounded (cvt.rna), which
  // the Programming Guide asks for: rung 6's `_truncated` instances, every rung 7 instance (its
  // fragments go to mma.sync as they are) and rung 8 without its rounding passes. FP32: false.
  bool truncates_inputs() const;
};
std::span<const LadderKernel> ladder_kernels();  // every instance, rung by rung
std::vector<const LadderKernel*> kernels_of(Rung rung);
const LadderKernel* default_kernel(Rung rung);
const LadderKernel* find_ladder_kernel(std::string_view key);  // null when unknown

// Rung 8's pass over A: out (rows × kp) = a (rows × k), zeros in columns k … kp − 1, each value
// rounded to TF32 as cvt.rna does when `round` is not 0. Enqueued on `device`'s stream.
Status launch_tf32_operand_a(Device& device, const float* a, float* out, int rows, int k, int kp, int round);

// The largest relative error (measure.h's relative_error) a right answer of the rung reaches
// with room to spare: FP32 sums stay far below 1e-3; TF32 inputs keep 10 mantissa bits, so its
// answers sit near 1e-3 and a bug lands far above 1e-2.
double rung_tolerance(Rung rung);

// Whether `device` can run the instance: the TF32 rungs need a GPU of compute capability 8.0 or
// newer (rung 7 also the shared memory its stages take); the rest run everywhere. Otherwise a
// message in words.
Status check_ladder_kernel(const Device& device, const LadderKernel& kernel);

// Two kernels multiply copies of their inputs that passes write first: rung 8 (A rounded to TF32,
// rows padded to a multiple of 4, and Bᵀ) and rung 5's pipelined kernel (Aᵀ). A caller that
// launches them again and again keeps the copies here between launches; they grow as needed.
struct LadderScratch {
  Buffer<float> a, bt;
};

// Enqueues C = A × B on device arrays (A: m × k, B: k × n, C: m × n, row-major); asynchronous.
// Those two without `scratch` allocate their own and wait for the multiply before returning.
Status launch_ladder_kernel(Device& device, const LadderKernel& kernel, const float* a, const float* b, float* c, int m,
                            int n, int k, LadderScratch* scratch = nullptr);

// The whole trip for host arrays: allocate, copy A and B in, launch, copy C out.
Status ladder_mat_mul(Device& device, const LadderKernel& kernel, const float* a, const float* b, float* c, int m, int n,
                      int k);

}  // namespace cudalab::lessons::ladder
