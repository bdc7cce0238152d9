// Chapter 2's kernels compiled for the GPU.
#include "cudalab/device_time.cuh"
#include "cudalab/gpu/bind.cuh"
#include "kernels.h"

namespace cudalab::lessons::threads {
CUDALAB_GPU_TRANSLATION_UNIT
namespace gpu_kernels {
CUDALAB_KERNEL_PRELUDE
#include "kernels.cuh"
}  // namespace gpu_kernels
CUDALAB_THREADS_KERNELS(CUDALAB_BIND_GPU_KERNEL)
}  // namespace cudalab::lessons::threads
