// The fault drills' kernels compiled for the GPU.
// Before the namespace: the kernel file's own <cassert> then only redefines the macro, instead of
// declaring the C library's __assert_fail (host-only) inside the kernels' namespace.
#include <cassert>

#include "cudalab/gpu/bind.cuh"
#include "kernels.h"

namespace cudalab::lessons::fault_drills {
CUDALAB_GPU_TRANSLATION_UNIT
namespace gpu_kernels {
CUDALAB_KERNEL_PRELUDE
#include "kernels.cuh"
}  // namespace gpu_kernels
CUDALAB_FAULT_DRILL_KERNELS(CUDALAB_BIND_GPU_KERNEL)
}  // namespace cudalab::lessons::fault_drills
