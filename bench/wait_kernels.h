#pragma once
// The kernels of the bench's "what a wait costs" rows (wait_kernels_emu.cpp): a loop of nothing but
// __syncthreads(), the same with two barriers at two call sites (chapter 6's tiles wait like
// that), and a loop of nothing but __shfl_down_sync. Each writes one word only when asked to, so
// that the compiler keeps the loops.
#include "cudalab/kernel.h"

namespace cudalab::bench {
extern const Kernel<void(int loops, int* sink)> barrier_loop;
extern const Kernel<void(int loops, int* sink)> two_barrier_loop;
extern const Kernel<void(int loops, int* sink)> shuffle_loop;
}  // namespace cudalab::bench
