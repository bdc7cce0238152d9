#pragma once
// Handles of the runtime's test kernels (kernels.cuh), for the emulator and GPU tests.
#include "cudalab/kernel.h"
#include "cudalab/trace.cuh"

// Kernels that are correct CUDA: both backends must give the same results.
#define CUDALAB_TEST_KERNELS(X)                                                        \
  X(record_indices, void(unsigned int* out))                                           \
  X(barrier_rounds, void(int* out, int rounds))                                        \
  X(shared_isolation, void(int* mismatches, int rounds, cudalab::Trace trace))         \
  X(dynamic_reverse, void(int* data))                                                  \
  X(dynamic_reverse_template, void(int* data))                                         \
  X(block_prefix_sum, void(const int* in, int* out))                                   \
  X(atomics_contention, void(int* ints, unsigned int* uints, float* floats, int* old_exch)) \
  X(print_hello, void())                                                               \
  X(printf_returns, void(int* out))                                                    \
  X(trace_every_thread, void(cudalab::Trace trace))                                    \
  X(barrier_votes, void(int* out))                                                     \
  X(wait_for_flag, void(int* flag, int* done, long long spin_limit))                   \
  X(trap_in_one_thread, void(int* out))                                                \
  X(scale_by_two, void(float* data, int n))

// Kernels with a divergent __syncthreads() in block `bad_block`: undefined behaviour in CUDA. The
// emulator reports them; do not launch them on a GPU (it may hang).
#define CUDALAB_DIVERGENT_TEST_KERNELS(X)            \
  X(early_return, void(int* out, int bad_block))     \
  X(barrier_in_if, void(int* out, int bad_block))    \
  X(barrier_sites, void(int* out, int bad_block))    \
  X(late_return, void(int* out, int bad_block))

namespace cudalab::test_kernels {
CUDALAB_TEST_KERNELS(CUDALAB_DECLARE_KERNEL)
CUDALAB_DIVERGENT_TEST_KERNELS(CUDALAB_DECLARE_KERNEL)
}  // namespace cudalab::test_kernels
