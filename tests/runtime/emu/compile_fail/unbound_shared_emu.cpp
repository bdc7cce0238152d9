// The emulator unit of unbound_shared_kernel.cuh, without the binding its scratch array needs.
#include "cudalab/emu/bind.h"

namespace emu_kernels {
CUDALAB_KERNEL_PRELUDE
#include "unbound_shared_kernel.cuh"
}  // namespace emu_kernels
