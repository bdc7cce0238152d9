// The test kernels compiled by the host compiler for the emulator.
#include "cudalab/emu/bind.h"
#include "kernels.h"

namespace cudalab::test_kernels {
namespace emu_kernels {
CUDALAB_KERNEL_PRELUDE
CUDALAB_EMU_DYNAMIC_SHARED(int, reversed)
CUDALAB_EMU_DYNAMIC_SHARED(int, reversed_in_template)
#include "kernels.cuh"
}  // namespace emu_kernels

CUDALAB_TEST_KERNELS(CUDALAB_DEFINE_KERNEL)
CUDALAB_DIVERGENT_TEST_KERNELS(CUDALAB_DEFINE_KERNEL)
}  // namespace cudalab::test_kernels
