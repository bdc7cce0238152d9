#pragma once
// What host code knows of chapter 5's kernels (kernels.cuh).
#include "cudalab/kernel.h"

#define CUDALAB_MATMUL_KERNELS(X)                                              \
  X(matmul_naive, void(const float* a, const float* b, float* c, int n))       \
  X(matmul_coalesced, void(const float* a, const float* b, float* c, int n))   \
  X(matmul_shared, void(const float* a, const float* b, float* c, int n))

namespace cudalab::lessons::matmul {
// matmul_shared's tile edge: launch it with kMatmulTile × kMatmulTile threads per block.
inline constexpr unsigned kMatmulTile = 16;
CUDALAB_MATMUL_KERNELS(CUDALAB_DECLARE_KERNEL)
}  // namespace cudalab::lessons::matmul
