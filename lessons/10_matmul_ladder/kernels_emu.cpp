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
#include "rung_1d_tiling.cuh"
#include "rung_2d_tiling.cuh"
#include "rung_vectorized.cuh"
#include "rung_warp_tiling.cuh"
#include "rung_double_buffer.cuh"
#include "rung_double_buffer_fragments.cuh"
#include "rung_tf32_wmma.cuh"
#include "rung_tf32_mma.cuh"
}  // namespace emu_kernels

#define CUDALAB_LADDER_DEFINE_KERNEL(unit, name, rung, bm, bn, bk, tm, tn, wm, wn, wn_iter, stages, ...) \
  namespace unit {                                                                               \
  const ::cudalab::Kernel<LadderMatmul> name{{CUDALAB_KERNEL_ENTRY(name)}, &emu_kernels::__VA_ARGS__}; \
  }
CUDALAB_LADDER_KERNELS(CUDALAB_LADDER_DEFINE_KERNEL)
#undef CUDALAB_LADDER_DEFINE_KERNEL

void set_writers_traced(bool traced) { emu_kernels::writers_traced.store(traced); }

}  // namespace cudalab::lessons::ladder
