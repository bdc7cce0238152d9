// More tile shapes of the ladder's double buffer kernel, compiled by nvcc for the GPU (the emulator build is kernels_emu.cpp).
// One small unit per rung or two: nvcc is slow, and each unit compiles for every architecture.
#include "cudalab/gpu/bind.cuh"
#include "bind_gpu.cuh"
#include "kernels.h"

namespace cudalab::lessons::ladder::double_buffer_wide {
namespace gpu_kernels {
CUDALAB_KERNEL_PRELUDE
#include "rung_double_buffer.cuh"
}  // namespace gpu_kernels
CUDALAB_GPU_TRANSLATION_UNIT

CUDALAB_LADDER_DOUBLE_BUFFER_WIDE_KERNELS(CUDALAB_LADDER_BIND_GPU_KERNEL)
}  // namespace cudalab::lessons::ladder::double_buffer_wide
