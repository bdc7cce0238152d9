#pragma once
// Handles of the warp-level test kernels (warp_kernels.cuh), for the emulator and GPU tests.
#include "cudalab/kernel.h"

// Correct CUDA: both backends must give the same results (warp_reductions uses __reduce_*_sync on
// sm_80 and later, shuffles before).
#define CUDALAB_WARP_TEST_KERNELS(X)                                                                    \
  X(warp_shuffle_int, void(int* out, int arg, int width))                                               \
  X(warp_shuffle_types, void(unsigned* u, float* f, long long* ll, unsigned long long* ull, double* d)) \
  X(warp_partial_masks, void(unsigned* out))                                                            \
  X(warp_votes, void(unsigned* out, int n))                                                             \
  X(warp_active_lanes, void(unsigned* out, int k, int n))                                               \
  X(warp_vote_among_active, void(unsigned* out, int n))                                                 \
  X(warp_reductions, void(unsigned* out))                                                               \
  X(warp_partial_tail, void(int* out))                                                                  \
  X(warp_shuffle_sum, void(const int* in, int* block_sums, int n))                                      \
  X(ballot_count, void(const int* in, int* count, int n, int threshold))                                \
  X(warp_syncwarp_exchange, void(int* out))                                                             \
  X(warp_ballot_2d, void(unsigned* out))

// Misused warp intrinsics (undefined behaviour in CUDA): the emulator reports them; do not launch
// them on a GPU (they may hang or give garbage).
#define CUDALAB_WARP_MISUSE_TEST_KERNELS(X)             \
  X(warp_lane_returns, void(int* out, int bad_block))   \
  X(warp_split_sites, void(int* out, int bad_block))    \
  X(warp_sync_and_barrier, void(int* out, int bad_block)) \
  X(warp_mask_without_caller, void(int* out, int bad_block)) \
  X(warp_full_mask_in_partial_warp, void(int* out, int unused))

namespace cudalab::warp_test_kernels {
CUDALAB_WARP_TEST_KERNELS(CUDALAB_DECLARE_KERNEL)
CUDALAB_WARP_MISUSE_TEST_KERNELS(CUDALAB_DECLARE_KERNEL)
}  // namespace cudalab::warp_test_kernels
