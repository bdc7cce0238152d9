// Chapter 7's kernels compiled for the CPU emulator; work_a and work_b double as the CPU references.
#include "cudalab/emu/bind.h"
#include "kernels.h"

namespace cudalab::lessons::warps {
namespace emu_kernels {
CUDALAB_KERNEL_PRELUDE
#include "kernels.cuh"
static_assert(kReduceThreads == int(kReduceBlock) && kTile == int(kTileEdge) && kBins == kHistogramBins);
}  // namespace emu_kernels
CUDALAB_WARPS_KERNELS(CUDALAB_DEFINE_KERNEL)

float work_a_reference(float x, int rounds) { return emu_kernels::work_a(x, rounds); }
float work_b_reference(float x, int rounds) { return emu_kernels::work_b(x, rounds); }
}  // namespace cudalab::lessons::warps
