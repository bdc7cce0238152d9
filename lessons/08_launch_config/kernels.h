#pragma once
// What host code knows of chapter 8's kernels (kernels.cuh).
#include "cudalab/kernel.h"

#define CUDALAB_LAUNCH_CONFIG_KERNELS(X)                                                  \
  X(scale_repeatedly, void(int n, const float* x, float* y, int rounds))                  \
  X(scale_repeatedly_grid_stride, void(int n, const float* x, float* y, int rounds))      \
  X(reverse_each_block, void(int n, const float* x, float* y))

namespace cudalab::lessons::launch_config {
CUDALAB_LAUNCH_CONFIG_KERNELS(CUDALAB_DECLARE_KERNEL)
// reverse_each_block's static shared memory: 2 × 1024 floats.
inline constexpr std::size_t kReverseSharedBytes = 2 * 1024 * sizeof(float);
}
