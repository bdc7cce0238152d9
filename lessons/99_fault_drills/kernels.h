#pragma once
// What host code knows of the fault drills' kernels (kernels.cuh).
#include "cudalab/kernel.h"

#define CUDALAB_FAULT_DRILL_KERNELS(X)                             \
  X(spin_forever, void(volatile int* never_set))                   \
  X(trap_now, void())                                              \
  X(write_past_end, void(int* data, int n, int past_end))          \
  X(read_past_end, void(const int* data, int n, int past_end, int* out)) \
  X(use_dynamic_shared, void(int floats, float* out))              \
  X(failing_assert, void(int n))                                   \
  X(divergent_barrier, void(int* out))

namespace cudalab::lessons::fault_drills {
CUDALAB_FAULT_DRILL_KERNELS(CUDALAB_DECLARE_KERNEL)
}
