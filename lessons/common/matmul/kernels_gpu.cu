// The matmul kernels compiled by nvcc for the GPU (the emulator build is kernels_emu.cpp).
#include "cudalab/gpu/bind.cuh"
#include "kernels.h"

namespace cudalab::lessons::matmul {
namespace gpu_kernels {
CUDALAB_KERNEL_PRELUDE
#include "kernels.cuh"
}  // namespace gpu_kernels
CUDALAB_GPU_TRANSLATION_UNIT

// As CUDALAB_BIND_GPU_KERNEL, for a handle bound to a template instance of a kernel.
#define CUDALAB_MATMUL_BIND_GPU_KERNEL(name, signature, ...)                                               \
  static_assert(std::is_same_v<decltype(&gpu_kernels::__VA_ARGS__), ::cudalab::Kernel<signature>::EmuFn>, \
                "kernels.h and kernels.cuh disagree on the parameters of " #name);                         \
  CUDALAB_ADD_GPU_KERNEL(name, __VA_ARGS__)
CUDALAB_MATMUL_KERNELS(CUDALAB_MATMUL_BIND_GPU_KERNEL)
#undef CUDALAB_MATMUL_BIND_GPU_KERNEL
}  // namespace cudalab::lessons::matmul
