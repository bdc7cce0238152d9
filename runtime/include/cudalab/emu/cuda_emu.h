#pragma once
// The emulation header: with it, the host compiler accepts a plain CUDA kernel file and the
// emulator (runtime/emu) runs it with CUDA's execution model: a grid of blocks spread over worker
// threads, each block's threads as fibers that meet at __syncthreads() and, within a warp (32
// threads in linear order), at the warp intrinsics (warp_intrinsics.h).
//
// Include it first in an emulator translation unit, never in ordinary host code (it defines
// macros such as threadIdx). What is not emulated fails to compile with a message (see
// unsupported.h); nothing runs wrong silently.
#define CUDALAB_EMU 1

#include <cassert>  // first, so that our assert below is the one kernel code sees
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <math.h>  // libstdc++'s math.h: float overloads (sqrt(float)...) in the global namespace, as CUDA has
#include <source_location>

#include "cudalab/emu/context.h"

// --- keywords ----------------------------------------------------------------------------------
// __device__ adds nothing: `__device__ __forceinline__` and `__host__ __device__ inline` must stay
// valid C++ (a second `inline` is an error), and a kernel file is compiled by one emulator unit.
#define __global__
#define __device__
#define __host__
#define __forceinline__ inline __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __align__(n) __attribute__((aligned(n)))
#define __restrict__ __restrict
// Block-scope `__shared__` is a thread_local static: one copy per worker thread. A block never
// leaves its worker (fibers do not migrate), so the blocks running at once each see their own.
// `extern __shared__ T name[];` must be bound with CUDALAB_EMU_DYNAMIC_SHARED(T, name) (bind.h).
#define __shared__ thread_local
#define __constant__
#define __launch_bounds__(...)
#define __grid_constant__

using cudalab::emu::dim3;
using cudalab::emu::uint3;

#define threadIdx (::cudalab::emu::tls_context->thread_idx)
#define blockIdx (::cudalab::emu::tls_context->block_idx)
#define blockDim (::cudalab::emu::tls_context->block_dim)
#define gridDim (::cudalab::emu::tls_context->grid_dim)
#define warpSize 32

#define __syncthreads() ::cudalab::emu::syncthreads(std::source_location::current())
#define __syncthreads_count(predicate) ::cudalab::emu::syncthreads_count(std::source_location::current(), (predicate))
#define __syncthreads_and(predicate)                                                           \
  (::cudalab::emu::syncthreads_count(std::source_location::current(), (predicate)) ==         \
   static_cast<int>(blockDim.x * blockDim.y * blockDim.z))
#define __syncthreads_or(predicate) (::cudalab::emu::syncthreads_count(std::source_location::current(), (predicate)) != 0)
#define __trap() ::cudalab::emu::trap("__trap() was called")
// Fences order memory between this emulated thread and the other workers; within a block the
// threads of one worker run one at a time, so ordering among them needs nothing more. (The
// builtin is std::atomic_thread_fence without <atomic>: see atomics.h.)
#define __threadfence() __atomic_thread_fence(__ATOMIC_SEQ_CST)
#define __threadfence_block() __atomic_thread_fence(__ATOMIC_SEQ_CST)
#define __threadfence_system() __atomic_thread_fence(__ATOMIC_SEQ_CST)

// A device assert ends the launch with a kernel fault (on a GPU: an assert trap), never abort():
// the app must survive a student's failing assert. Compiled out under NDEBUG, as nvcc does.
#undef assert
#ifdef NDEBUG
#define assert(expression) static_cast<void>(0)
#else
#define assert(expression) \
  ((expression) ? static_cast<void>(0) : ::cudalab::emu::assert_fail(#expression, __FILE__, __LINE__))
#endif

#include "cudalab/emu/atomics.h"
#include "cudalab/emu/device_math.h"
#include "cudalab/emu/unsupported.h"
#include "cudalab/emu/vector_types.h"
#include "cudalab/emu/warp_intrinsics.h"
