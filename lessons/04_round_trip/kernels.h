#pragma once
// What host code knows of chapter 4's kernels (kernels.cuh).
#include "cudalab/kernel.h"

#define CUDALAB_ROUND_TRIP_KERNELS(X)                                      \
  X(add_vectors, void(const float* a, const float* b, float* c, int n))    \
  X(evaluate_polynomial, void(const float* x, float* y, int n, int terms)) \
  X(copy_shifted, void(const float* in, float* out, int n, int shift))

namespace cudalab::lessons::round_trip {
CUDALAB_ROUND_TRIP_KERNELS(CUDALAB_DECLARE_KERNEL)
}
