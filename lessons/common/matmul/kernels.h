#pragma once
// What host code knows of the matmul kernels (kernels.cuh), shared by chapters 5 and 6. Each
// kernel template is bound twice: with NoTrace (timed; the recording lines compile away) and with
// cudalab::Trace (for the pictures). The shared-tile kernel is bound for tiles of 8, 16 and 32.
#include "cudalab/kernel.h"
#include "cudalab/trace.cuh"
#include "no_trace.h"
#include "trace_kinds.h"

namespace cudalab::lessons::matmul {

using TimedMatmul = void(const float* a, const float* b, float* c, int n, NoTrace trace);
using TracedMatmul = void(const float* a, const float* b, float* c, int n, cudalab::Trace trace);
using SkippingBarrierMatmul = void(const float* a, const float* b, float* c, int n, int skipped_barrier,
                                   cudalab::Trace trace);

}  // namespace cudalab::lessons::matmul

// X(handle, signature, the kernel as kernels.cuh names it). The kernel comes last because a
// template argument list holds commas.
#define CUDALAB_MATMUL_KERNELS(X)                                                                         \
  X(matmul_naive, TimedMatmul, mat_mul_naive_kernel<NoTrace>)                                             \
  X(matmul_naive_traced, TracedMatmul, mat_mul_naive_kernel<cudalab::Trace>)                              \
  X(matmul_coalesced, TimedMatmul, mat_mul_coalesced_kernel<NoTrace>)                                     \
  X(matmul_coalesced_traced, TracedMatmul, mat_mul_coalesced_kernel<cudalab::Trace>)                      \
  X(matmul_shared_tile8, TimedMatmul, mat_mul_shared_kernel<8, NoTrace>)                                  \
  X(matmul_shared, TimedMatmul, mat_mul_shared_kernel<16, NoTrace>)                                       \
  X(matmul_shared_tile32, TimedMatmul, mat_mul_shared_kernel<32, NoTrace>)                                \
  X(matmul_shared_tile8_traced, TracedMatmul, mat_mul_shared_kernel<8, cudalab::Trace>)                   \
  X(matmul_shared_traced, TracedMatmul, mat_mul_shared_kernel<16, cudalab::Trace>)                        \
  X(matmul_shared_tile32_traced, TracedMatmul, mat_mul_shared_kernel<32, cudalab::Trace>)                 \
  X(matmul_skipping_barrier_tile8, SkippingBarrierMatmul, mat_mul_shared_kernel_skipping_barrier<8, cudalab::Trace>)   \
  X(matmul_skipping_barrier_tile16, SkippingBarrierMatmul, mat_mul_shared_kernel_skipping_barrier<16, cudalab::Trace>) \
  X(matmul_skipping_barrier_tile32, SkippingBarrierMatmul, mat_mul_shared_kernel_skipping_barrier<32, cudalab::Trace>)

#define CUDALAB_MATMUL_DECLARE_KERNEL(name, signature, ...) CUDALAB_DECLARE_KERNEL(name, signature)

namespace cudalab::lessons::matmul {

// matmul_shared's tile edge: launch it with kMatmulTile × kMatmulTile threads per block.
inline constexpr unsigned kMatmulTile = 16;
CUDALAB_MATMUL_KERNELS(CUDALAB_MATMUL_DECLARE_KERNEL)

// The handles of the shared-tile kernel for one tile edge (8, 16 or 32); null for any other edge.
struct SharedTileKernels {
  int tile = 0;
  const Kernel<TimedMatmul>* timed = nullptr;
  const Kernel<TracedMatmul>* traced = nullptr;
  const Kernel<SkippingBarrierMatmul>* skipping_barrier = nullptr;
};
const SharedTileKernels* shared_tile_kernels(int tile);
// The tile edges the kernels are compiled for, smallest first.
inline constexpr int kCompiledTiles[] = {8, 16, 32};

}  // namespace cudalab::lessons::matmul
