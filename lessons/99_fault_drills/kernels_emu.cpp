// The fault drills' kernels compiled for the CPU emulator.
#include "cudalab/emu/bind.h"
#include "kernels.h"

namespace cudalab::lessons::fault_drills {
namespace emu_kernels {
CUDALAB_KERNEL_PRELUDE
CUDALAB_EMU_DYNAMIC_SHARED(float, scratch)

#include "kernels.cuh"
}  // namespace emu_kernels
CUDALAB_FAULT_DRILL_KERNELS(CUDALAB_DEFINE_KERNEL)
}  // namespace cudalab::lessons::fault_drills
