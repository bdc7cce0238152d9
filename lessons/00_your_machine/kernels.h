#pragma once
// What host code knows of chapter 0's kernels (kernels.cuh).
#include "cudalab/kernel.h"
#include "cudalab/trace.cuh"

#define CUDALAB_MACHINE_KERNELS(X) X(where_am_i, void(int* block_ran, cudalab::Trace trace))

namespace cudalab::lessons::machine {
CUDALAB_MACHINE_KERNELS(CUDALAB_DECLARE_KERNEL)
}
