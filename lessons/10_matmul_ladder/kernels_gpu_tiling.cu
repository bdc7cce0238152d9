// The ladder's tiling kernels compiled by nvcc for the GPU (the emulator build is kernels_emu.cpp).
// One small unit per rung or two: nvcc is slow, and each unit compiles for every architecture.
#include "cudalab/gpu/bind.cuh"
#include "bind_gpu.cuh"
#include "kernels.h"

namespace cudalab::lessons::ladder::tiling {
namespace gpu_kernels {
CUDALAB_KERNEL_PRELUDE
#include "rung_1d_tiling.cuh"
#include "rung_2d_tiling.cuh"
}  // namespace gpu_kernels
CUDALAB_GPU_TRANSLATION_UNIT

CUDALAB_LADDER_TILING_KERNELS(CUDALAB_LADDER_BIND_GPU_KERNEL)
}  // namespace cudalab::lessons::ladder::tiling
