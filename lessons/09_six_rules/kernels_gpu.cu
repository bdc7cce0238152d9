// Chapter 9's kernels compiled for the GPU.
#include "cudalab/gpu/bind.cuh"
#include "kernels.h"

namespace cudalab::lessons::six_rules {
CUDALAB_GPU_TRANSLATION_UNIT
namespace gpu_kernels {
CUDALAB_KERNEL_PRELUDE
#include "kernels.cuh"
}  // namespace gpu_kernels
CUDALAB_SIX_RULES_KERNELS(CUDALAB_BIND_GPU_KERNEL)
}  // namespace cudalab::lessons::six_rules
