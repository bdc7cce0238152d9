// The ladder's kernels compiled for the CPU emulator (the GPU builds are kernels_gpu_*.cu). All
// rungs share one kernel namespace here; each handle sits in its GPU unit's namespace, whose
// printf channel and stub the GPU half of the handle refers to.
#include "cudalab/emu/bind.h"
#include "kernels.h"

namespace cudalab::lessons::ladder {
namespace emu_kernels {
CUDALAB_KERNEL_PRELUDE
#include "rung_1d_tiling.cuh"
#include "rung_2d_tiling.cuh"
#include "rung_vectorized.cuh"
#include "rung_warp_tiling.cuh"
#include "rung_double_buffer.cuh"
#include "rung_double_buffer_fragments.cuh"
#include "rung_tf32_wmma.cuh"
}  // namespace emu_kernels

#define CUDALAB_LADDER_DEFINE_KERNEL(unit, name, rung, bm, bn, bk, tm, tn, wm, wn, wn_iter, stages, ...) \
  namespace unit {                                                                               \
  CUDALAB_GPU_HALF_DECLARE(name)                                                                 \
  const ::cudalab::Kernel<LadderMatmul> name{{CUDALAB_KERNEL_ENTRY(name)}, &emu_kernels::__VA_ARGS__}; \
  }
CUDALAB_LADDER_KERNELS(CUDALAB_LADDER_DEFINE_KERNEL)
#undef CUDALAB_LADDER_DEFINE_KERNEL

}  // namespace cudalab::lessons::ladder
