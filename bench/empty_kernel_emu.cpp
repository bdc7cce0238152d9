// A kernel with an empty body, compiled for the emulator only: what a thread costs when it does
// nothing measures the emulator's own per-thread overhead (context update + two indirect calls).
#include "cudalab/emu/bind.h"
#include "empty_kernel.h"

namespace cudalab::bench {
namespace emu_kernels {
__global__ void empty_kernel() {}
}  // namespace emu_kernels

// Built like CUDALAB_DEFINE_KERNEL builds a handle, minus the key: this kernel has no GPU half.
const Kernel<void()> empty_kernel{{"empty_kernel"}, &emu_kernels::empty_kernel};
}  // namespace cudalab::bench
