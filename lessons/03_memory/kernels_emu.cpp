// Chapter 3's kernels compiled for the CPU emulator.
#include "cudalab/emu/bind.h"
#include "kernels.h"

namespace cudalab::lessons::memory {
namespace emu_kernels {
CUDALAB_KERNEL_PRELUDE
CUDALAB_EMU_DYNAMIC_SHARED(float, tile)
#include "kernels.cuh"
}  // namespace emu_kernels
CUDALAB_MEMORY_KERNELS(CUDALAB_DEFINE_KERNEL)
}  // namespace cudalab::lessons::memory
