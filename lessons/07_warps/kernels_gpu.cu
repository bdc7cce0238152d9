// Chapter 7's kernels compiled for the GPU.
#include "cudalab/gpu/bind.cuh"
#include "kernels.h"

namespace cudalab::lessons::warps {
CUDALAB_GPU_TRANSLATION_UNIT
namespace gpu_kernels {
CUDALAB_KERNEL_PRELUDE
#include "kernels.cuh"
}  // namespace gpu_kernels
CUDALAB_WARPS_KERNELS(CUDALAB_BIND_GPU_KERNEL)
}  // namespace cudalab::lessons::warps
