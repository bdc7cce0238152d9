#pragma once
// What host code knows of chapter 7's kernels (kernels.cuh). The __host__ __device__ helpers
// work_a and work_b are the divergence step's CPU reference too.
#include "cudalab/kernel.h"
#include "cudalab/trace.cuh"
#include "trace_kinds.h"

#define CUDALAB_WARPS_KERNELS(X)                                                                                 \
  X(branch_on_lane, void(int n, int k, const float* x, float* y, int rounds, cudalab::Trace trace))            \
  X(branch_on_warp, void(int n, const float* x, float* y, int rounds, cudalab::Trace trace))                   \
  X(reduce_interleaved, void(unsigned int n, const unsigned int* in, unsigned int* block_sums, cudalab::Trace trace))  \
  X(reduce_sequential, void(unsigned int n, const unsigned int* in, unsigned int* block_sums, cudalab::Trace trace))   \
  X(reduce_first_add, void(unsigned int n, const unsigned int* in, unsigned int* block_sums, cudalab::Trace trace))    \
  X(reduce_warp_shuffle, void(unsigned int n, const unsigned int* in, unsigned int* block_sums, cudalab::Trace trace)) \
  X(reduce_atomic, void(unsigned int n, const unsigned int* in, unsigned int* total, cudalab::Trace trace))            \
  X(transpose_unpadded, void(int n, const float* in, float* out, cudalab::Trace trace))                        \
  X(transpose_padded, void(int n, const float* in, float* out, cudalab::Trace trace))                          \
  X(histogram_global, void(int n, const unsigned char* data, unsigned int* bins, cudalab::Trace trace))        \
  X(histogram_shared, void(int n, const unsigned char* data, unsigned int* bins, cudalab::Trace trace))

namespace cudalab::lessons::warps {
CUDALAB_WARPS_KERNELS(CUDALAB_DECLARE_KERNEL)
// The kernels' constants (kernels.cuh), for the host.
inline constexpr unsigned kReduceBlock = 256;  // kReduceThreads
inline constexpr unsigned kTileEdge = 32;      // kTile
inline constexpr int kHistogramBins = 256;     // kBins
// The CPU references: the same arithmetic as the kernels' device functions.
float work_a_reference(float x, int rounds);
float work_b_reference(float x, int rounds);
}  // namespace cudalab::lessons::warps
