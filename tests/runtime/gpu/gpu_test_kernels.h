#pragma once
// Handles of the GPU-only test kernels (gpu_test_kernels.cuh); bound in gpu_test_kernels.cu.
#include "cudalab/kernel.h"
#include "cudalab/trace.cuh"

#define GPU_TEST_KERNELS(X)                                                           \
  X(say_hello, void(float scale))                                                     \
  X(print_thread_numbers, void())                                                     \
  X(record_around_barrier, void(cudalab::Trace trace))                                \
  X(write_to_address, void(unsigned long long address, int value))                    \
  X(fill_with_index, void(int* out, int count, int offset))                           \
  X(spin_for, void(unsigned long long duration_ns, int* done))                        \
  X(reverse_through_shared, void(const int* in, int* out, int count))

namespace gpu_tests {
GPU_TEST_KERNELS(CUDALAB_DECLARE_KERNEL)
}
