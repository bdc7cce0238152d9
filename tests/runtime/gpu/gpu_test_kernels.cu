// GPU translation unit of the GPU-only test kernels (in the tests' GPU backend library). They have
// no emulator body (they use %globaltimer and faults on purpose): their handles, with emu_fn null,
// are in gpu_test_kernels.cpp.
#include "cudalab/gpu/bind.cuh"
#include "gpu_test_kernels.h"

namespace gpu_tests {
namespace gpu_kernels {
CUDALAB_KERNEL_PRELUDE
#include "gpu_test_kernels.cuh"
}  // namespace gpu_kernels

CUDALAB_GPU_TRANSLATION_UNIT
GPU_TEST_KERNELS(CUDALAB_BIND_GPU_KERNEL)

}  // namespace gpu_tests
