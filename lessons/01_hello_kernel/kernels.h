#pragma once
// What host code knows of chapter 1's kernels (kernels.cuh).
#include "cudalab/kernel.h"
#include "cudalab/trace.cuh"
#include "trace_kinds.h"

#define CUDALAB_HELLO_KERNELS(X)                                                                \
  X(hello, void(cudalab::Trace trace))                                                          \
  X(spin_then_answer, void(unsigned int microseconds, volatile int* answer, cudalab::Trace trace)) \
  X(squares, void(int n, int* out, cudalab::Trace trace))

namespace cudalab::lessons::hello {
CUDALAB_HELLO_KERNELS(CUDALAB_DECLARE_KERNEL)
}
