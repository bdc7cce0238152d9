#pragma once
// The two block-sum kernels of the emulator benchmark (reduction_kernels_emu.cpp): a shared-memory
// tree (a __syncthreads() per level) and warp shuffles (five meetings per warp, one barrier).
#include "cudalab/kernel.h"

namespace cudalab::bench {
extern const Kernel<void(const int* in, int* block_sums, int n)> shared_tree_sum;
extern const Kernel<void(const int* in, int* block_sums, int n)> warp_shuffle_sum;
}  // namespace cudalab::bench
