#pragma once
// What host code knows of chapter 9's kernels (kernels.cuh). The __host__ __device__ helpers
// (polynomial_at, path_a, path_b) are the CPU references too.
#include "cudalab/kernel.h"

#define CUDALAB_SIX_RULES_KERNELS(X)                                                   \
  X(polynomial, void(int n, const float* x, float* y))                                 \
  X(polynomial_grid_stride, void(int n, const float* x, float* y))                     \
  X(add_one_to_each, void(int n, float* data))                                         \
  X(add_matrices_row_from_x, void(int n, const float* a, const float* b, float* c))    \
  X(add_matrices_col_from_x, void(int n, const float* a, const float* b, float* c))    \
  X(matmul_global_reads, void(int n, const float* a, const float* b, float* c))        \
  X(matmul_shared_tiles, void(int n, const float* a, const float* b, float* c))        \
  X(branch_on_odd_thread, void(int n, const float* x, float* y, int rounds))           \
  X(branch_on_odd_warp, void(int n, const float* x, float* y, int rounds))

namespace cudalab::lessons::six_rules {
CUDALAB_SIX_RULES_KERNELS(CUDALAB_DECLARE_KERNEL)
inline constexpr unsigned kMatmulTile = 16;
// The CPU references: the same arithmetic as the kernels' device functions.
float polynomial_reference(float x);
float path_a_reference(float x, int rounds);
float path_b_reference(float x, int rounds);
}  // namespace cudalab::lessons::six_rules
