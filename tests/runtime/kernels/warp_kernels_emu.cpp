// The warp-level test kernels compiled by the host compiler for the emulator.
#include "cudalab/emu/bind.h"
#include "warp_kernels.h"

namespace cudalab::warp_test_kernels {
namespace emu_kernels {
CUDALAB_KERNEL_PRELUDE
#include "warp_kernels.cuh"
}  // namespace emu_kernels

CUDALAB_WARP_TEST_KERNELS(CUDALAB_DEFINE_KERNEL)
CUDALAB_WARP_MISUSE_TEST_KERNELS(CUDALAB_DEFINE_KERNEL)
}  // namespace cudalab::warp_test_kernels
