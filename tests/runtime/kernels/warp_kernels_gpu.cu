// The warp-level test kernels compiled by nvcc for the GPU.
#include "cudalab/gpu/bind.cuh"
#include "warp_kernels.h"

namespace cudalab::warp_test_kernels {
namespace gpu_kernels {
CUDALAB_KERNEL_PRELUDE
#include "warp_kernels.cuh"
}  // namespace gpu_kernels

CUDALAB_GPU_TRANSLATION_UNIT
CUDALAB_WARP_TEST_KERNELS(CUDALAB_BIND_GPU_KERNEL)
CUDALAB_WARP_MISUSE_TEST_KERNELS(CUDALAB_BIND_GPU_KERNEL)
}  // namespace cudalab::warp_test_kernels
