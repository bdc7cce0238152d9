// Chapter 4's kernels compiled for the CPU emulator.
#include "cudalab/emu/bind.h"
#include "kernels.h"

namespace cudalab::lessons::round_trip {
namespace emu_kernels {
CUDALAB_KERNEL_PRELUDE
#include "kernels.cuh"
}  // namespace emu_kernels
CUDALAB_ROUND_TRIP_KERNELS(CUDALAB_DEFINE_KERNEL)
}  // namespace cudalab::lessons::round_trip
