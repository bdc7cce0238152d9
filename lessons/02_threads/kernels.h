#pragma once
// What host code knows of chapter 2's kernels (kernels.cuh).
#include "cudalab/kernel.h"
#include "cudalab/trace.cuh"
#include "trace_kinds.h"

#define CUDALAB_THREADS_KERNELS(X)                                                      \
  X(who_am_i, void(int* thread_index, int* block_index, int* global_index))             \
  X(add_one, void(int n, int* data, cudalab::Trace trace))                              \
  X(add_one_grid_stride, void(int n, int* data, cudalab::Trace trace))                  \
  X(who_am_i_2d, void(int width, int height, cudalab::lessons::threads::ThreadIds2D* ids)) \
  X(busy_blocks, void(unsigned int microseconds, cudalab::Trace trace))

namespace cudalab::lessons::threads {
CUDALAB_THREADS_KERNELS(CUDALAB_DECLARE_KERNEL)
}
