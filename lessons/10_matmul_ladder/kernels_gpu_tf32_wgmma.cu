// The ladder's rung 8 (wgmma fed by TMA) and its operand passes, compiled by nvcc for the GPU (the
// emulator build is kernels_emu.cpp). Besides the project's architectures this unit is compiled for
// sm_90a, the only one with wgmma (lessons/CMakeLists.txt); elsewhere the multiply's body is empty.
#include "cudalab/gpu/bind.cuh"
#include "bind_gpu.cuh"
#include "kernels.h"

namespace cudalab::lessons::ladder::tf32_wgmma {
namespace gpu_kernels {
CUDALAB_KERNEL_PRELUDE
#include "rung_tf32_wgmma.cuh"
}  // namespace gpu_kernels
CUDALAB_GPU_TRANSLATION_UNIT

#define CUDALAB_LADDER_BIND_WGMMA_KERNEL(unit, name, bm, bn, stages, rounded, ...)                                \
  static_assert(std::is_same_v<decltype(&gpu_kernels::__VA_ARGS__), ::cudalab::Kernel<LadderTmaMatmul>::EmuFn>, \
                "kernels.h and the kernel file disagree on the parameters of " #name);                        \
  CUDALAB_ADD_GPU_KERNEL(name, __VA_ARGS__)
CUDALAB_LADDER_TF32_WGMMA_KERNELS(CUDALAB_LADDER_BIND_WGMMA_KERNEL)
CUDALAB_BIND_GPU_KERNEL(tf32_operand_a_kernel, Tf32OperandPass)
CUDALAB_BIND_GPU_KERNEL(tf32_operand_bt_kernel, Tf32OperandPass)
}  // namespace cudalab::lessons::ladder::tf32_wgmma
