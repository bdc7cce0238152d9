// The ladder's rung 7 (mma.sync in inline PTX) compiled by nvcc for the GPU (the emulator build is
// kernels_emu.cpp, where its body is empty). A unit of its own: nvcc is slow, and each unit compiles
// for every architecture (for sm_75 the body is empty too).
#include "cudalab/gpu/bind.cuh"
#include "bind_gpu.cuh"
#include "kernels.h"

namespace cudalab::lessons::ladder::tf32_mma {
namespace gpu_kernels {
CUDALAB_KERNEL_PRELUDE
#include "rung_tf32_mma.cuh"
}  // namespace gpu_kernels
CUDALAB_GPU_TRANSLATION_UNIT

CUDALAB_LADDER_TF32_MMA_KERNELS(CUDALAB_LADDER_BIND_GPU_KERNEL)
}  // namespace cudalab::lessons::ladder::tf32_mma
