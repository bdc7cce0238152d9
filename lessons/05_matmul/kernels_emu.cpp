// Chapter 5's kernels compiled for the CPU emulator.
#include "cudalab/emu/bind.h"
#include "kernels.h"

namespace cudalab::lessons::matmul {
namespace emu_kernels {
CUDALAB_KERNEL_PRELUDE
#include "kernels.cuh"
static_assert(TILE == static_cast<int>(kMatmulTile), "kernels.h and kernels.cuh disagree on the tile size");
}  // namespace emu_kernels
CUDALAB_MATMUL_KERNELS(CUDALAB_DEFINE_KERNEL)
}  // namespace cudalab::lessons::matmul
