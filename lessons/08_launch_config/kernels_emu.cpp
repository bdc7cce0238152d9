// Chapter 8's kernels compiled for the CPU emulator.
#include "cudalab/emu/bind.h"
#include "kernels.h"

namespace cudalab::lessons::launch_config {
namespace emu_kernels {
CUDALAB_KERNEL_PRELUDE
#include "kernels.cuh"
}  // namespace emu_kernels
CUDALAB_LAUNCH_CONFIG_KERNELS(CUDALAB_DEFINE_KERNEL)
}  // namespace cudalab::lessons::launch_config
