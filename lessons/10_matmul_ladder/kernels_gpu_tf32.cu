// The ladder's tf32 kernels compiled by nvcc for the GPU (the emulator build is kernels_emu.cpp).
// One small unit per rung or two: nvcc is slow, and each unit compiles for every architecture.
#include "cudalab/gpu/bind.cuh"
#include <mma.h>  // nvcuda::wmma, outside the kernel namespace
#include "bind_gpu.cuh"
#include "kernels.h"

namespace cudalab::lessons::ladder::tf32 {
namespace gpu_kernels {
CUDALAB_KERNEL_PRELUDE
#include "rung_tf32_wmma.cuh"
}  // namespace gpu_kernels
CUDALAB_GPU_TRANSLATION_UNIT

CUDALAB_LADDER_TF32_KERNELS(CUDALAB_LADDER_BIND_GPU_KERNEL)
}  // namespace cudalab::lessons::ladder::tf32
