// Handles of the GPU-only test kernels: no emulator body (emu_fn null); the GPU halves are in the
// tests' GPU backend library (gpu_test_kernels.cu), found by each handle's key.
#include "gpu_test_kernels.h"

namespace gpu_tests {

#define GPU_TEST_DEFINE_GPU_ONLY(name, signature) \
  const ::cudalab::Kernel<signature> name{{CUDALAB_KERNEL_ENTRY(name)}, nullptr};
GPU_TEST_KERNELS(GPU_TEST_DEFINE_GPU_ONLY)
#undef GPU_TEST_DEFINE_GPU_ONLY

}  // namespace gpu_tests
