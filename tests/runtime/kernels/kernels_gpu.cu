// The test kernels compiled by nvcc for the GPU.
#include "cudalab/gpu/bind.cuh"
#include "kernels.h"

namespace cudalab::test_kernels {
namespace gpu_kernels {
CUDALAB_KERNEL_PRELUDE
#include "kernels.cuh"
}  // namespace gpu_kernels

CUDALAB_GPU_TRANSLATION_UNIT
CUDALAB_TEST_KERNELS(CUDALAB_BIND_GPU_KERNEL)
CUDALAB_DIVERGENT_TEST_KERNELS(CUDALAB_BIND_GPU_KERNEL)
}  // namespace cudalab::test_kernels
