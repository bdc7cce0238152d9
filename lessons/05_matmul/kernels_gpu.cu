// Chapter 5's kernels compiled by nvcc for the GPU.
#include "cudalab/gpu/bind.cuh"
#include "kernels.h"

namespace cudalab::lessons::matmul {
namespace gpu_kernels {
CUDALAB_KERNEL_PRELUDE
#include "kernels.cuh"
static_assert(TILE == static_cast<int>(kMatmulTile), "kernels.h and kernels.cuh disagree on the tile size");
}  // namespace gpu_kernels
CUDALAB_GPU_TRANSLATION_UNIT
CUDALAB_MATMUL_KERNELS(CUDALAB_BIND_GPU_KERNEL)
}  // namespace cudalab::lessons::matmul
