// Chapter 8's kernels compiled for the GPU.
#include "cudalab/gpu/bind.cuh"
#include "kernels.h"

namespace cudalab::lessons::launch_config {
CUDALAB_GPU_TRANSLATION_UNIT
namespace gpu_kernels {
CUDALAB_KERNEL_PRELUDE
#include "kernels.cuh"
}  // namespace gpu_kernels
CUDALAB_LAUNCH_CONFIG_KERNELS(CUDALAB_BIND_GPU_KERNEL)
}  // namespace cudalab::lessons::launch_config
