#pragma once
// What host code knows of chapter 3's kernels (kernels.cuh).
#include <cstddef>

#include "cudalab/kernel.h"
#include "cudalab/trace.cuh"
#include "kernel_shapes.h"

#define CUDALAB_MEMORY_KERNELS(X)                                                                  \
  X(copy_array, void(const float* in, float* out, size_t n))                                       \
  X(copy_array_float4, void(const float* in, float* out, size_t n))                                \
  X(blur_from_global, void(const float* in, float* out, int n, int radius))                        \
  X(blur_through_shared, void(const float* in, float* out, int n, int radius, cudalab::Trace trace)) \
  X(read_neighbour_slot, void(int* seen, int offset, bool wait_for_block, int launch_mark, cudalab::Trace trace)) \
  X(values_with_constant_index, void(const float* in, float* out, int n))                          \
  X(values_with_runtime_index, void(const float* in, const int* order, float* out, int n))

namespace cudalab::lessons::memory {
CUDALAB_MEMORY_KERNELS(CUDALAB_DECLARE_KERNEL)
}
