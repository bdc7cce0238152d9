// GPU translation unit of the GPU-only test kernels. They have no emulator body (they use
// %globaltimer and faults on purpose), so their handles are defined here with emu_fn null.
#include "cudalab/gpu/bind.cuh"
#include "gpu_test_kernels.h"

namespace gpu_tests {
namespace gpu_kernels {
CUDALAB_KERNEL_PRELUDE
#include "gpu_test_kernels.cuh"
}  // namespace gpu_kernels

CUDALAB_GPU_TRANSLATION_UNIT
GPU_TEST_KERNELS(CUDALAB_BIND_GPU_KERNEL)

#define GPU_TEST_DEFINE_GPU_ONLY(name, signature) \
  const ::cudalab::Kernel<signature> name{{#name, &name##_gpu_stub, &cudalab_gpu_printf_slot}, nullptr};
GPU_TEST_KERNELS(GPU_TEST_DEFINE_GPU_ONLY)
}  // namespace gpu_tests
