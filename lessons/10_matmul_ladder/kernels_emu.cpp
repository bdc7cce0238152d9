// The ladder's kernels compiled for the CPU emulator (the GPU builds are kernels_gpu_*.cu). All
// rungs share one kernel namespace here; each handle sits in its GPU unit's namespace (its key
// names it: kernel.h).
#include <atomic>

#include "cudalab/emu/bind.h"
#include "kernels.h"

namespace cudalab::lessons::ladder {
namespace emu_kernels {
// who_writes.cuh: while set, the kernels store the number of the thread that computed each
// element of C instead of the sum (writers_trace.cpp sets it around one launch).
std::atomic<bool> writers_traced{false};
bool ladder_writers_traced() { return writers_traced.load(std::memory_order_relaxed); }
CUDALAB_KERNEL_PRELUDE
CUDALAB_EMU_DYNAMIC_SHARED(float, pipeline_tiles)
#include "rung_1d_tiling.cuh"
#include "rung_2d_tiling.cuh"
#include "rung_vectorized.cuh"
#include "rung_warp_tiling.cuh"
#include "rung_double_buffer.cuh"
#include "rung_double_buffer_fragments.cuh"
#include "rung_tf32_wmma.cuh"
#include "rung_tf32_mma.cuh"
#include "rung_tf32_wgmma.cuh"
#include "rung_fp32_pipeline.cuh"
#include "rung_fp32_rows.cuh"
}  // namespace emu_kernels

#define CUDALAB_LADDER_DEFINE_KERNEL(unit, name, rung, bm, bn, bk, tm, tn, wm, wn, wn_iter, stages, ...) \
  namespace unit {                                                                               \
  const ::cudalab::Kernel<LadderMatmul> name{{CUDALAB_KERNEL_ENTRY(name)}, &emu_kernels::__VA_ARGS__}; \
  }
CUDALAB_LADDER_KERNELS(CUDALAB_LADDER_DEFINE_KERNEL)
#undef CUDALAB_LADDER_DEFINE_KERNEL
#define CUDALAB_LADDER_DEFINE_PIPELINE_KERNEL(unit, name, bm, bn, bk, tm, tn, wm, wn, stages, at, ...)          \
  namespace unit {                                                                                      \
  const ::cudalab::Kernel<LadderMatmul> name{{CUDALAB_KERNEL_ENTRY(name)}, &emu_kernels::__VA_ARGS__}; \
  }
CUDALAB_LADDER_FP32_PIPELINE_KERNELS(CUDALAB_LADDER_DEFINE_PIPELINE_KERNEL)
#undef CUDALAB_LADDER_DEFINE_PIPELINE_KERNEL
// Rung 8's kernel is empty here (no TMA, no wgmma); its operand passes run.
#define CUDALAB_LADDER_DEFINE_WGMMA_KERNEL(unit, name, bm, bn, stages, rounded, ...)                     \
  namespace unit {                                                                                     \
  const ::cudalab::Kernel<LadderTmaMatmul> name{{CUDALAB_KERNEL_ENTRY(name)}, &emu_kernels::__VA_ARGS__}; \
  }
CUDALAB_LADDER_TF32_WGMMA_KERNELS(CUDALAB_LADDER_DEFINE_WGMMA_KERNEL)
#undef CUDALAB_LADDER_DEFINE_WGMMA_KERNEL
namespace tf32_wgmma {
const ::cudalab::Kernel<Tf32OperandPass> tf32_operand_a_kernel{{CUDALAB_KERNEL_ENTRY(tf32_operand_a_kernel)},
                                                               &emu_kernels::tf32_operand_a_kernel};
const ::cudalab::Kernel<Tf32OperandPass> tf32_operand_bt_kernel{{CUDALAB_KERNEL_ENTRY(tf32_operand_bt_kernel)},
                                                                &emu_kernels::tf32_operand_bt_kernel};
}  // namespace tf32_wgmma

void set_writers_traced(bool traced) { emu_kernels::writers_traced.store(traced); }

}  // namespace cudalab::lessons::ladder
