// Chapter 2's kernels compiled for the CPU emulator.
#include "cudalab/emu/bind.h"
#include "cudalab/device_time.cuh"
#include "kernels.h"

namespace cudalab::lessons::threads {
namespace emu_kernels {
CUDALAB_KERNEL_PRELUDE
#include "kernels.cuh"
}  // namespace emu_kernels
CUDALAB_THREADS_KERNELS(CUDALAB_DEFINE_KERNEL)
}  // namespace cudalab::lessons::threads
