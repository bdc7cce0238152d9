#pragma once
// The emulation header: with it, the host compiler accepts a plain CUDA kernel file and the
// emulator (runtime/emu) runs it with CUDA's execution model: a grid of blocks spread over worker
// threads, each block's threads as fibers that meet at __syncthreads().
//
// Include it first in an emulator translation unit, never in ordinary host code (it defines
// macros such as threadIdx). What is not emulated fails to compile with a message; nothing runs
// wrong silently.
#define CUDALAB_EMU 1

#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <source_location>

// --- keywords ----------------------------------------------------------------------------------
#define __global__
#define __device__ inline
#define __host__
#define __forceinline__ inline __attribute__((always_inline))
#define __restrict__ __restrict
// Block-scope `__shared__` is a thread_local static: one copy per worker thread. A block never
// leaves its worker (fibers do not migrate), so the blocks running at once each see their own.
// `extern __shared__ T name[];` must be bound with CUDALAB_EMU_DYNAMIC_SHARED(T, name) (bind.h).
#define __shared__ thread_local
#define __constant__
#define __launch_bounds__(...)

namespace cudalab::emu {

struct uint3 {
  unsigned int x, y, z;
};
struct dim3 {
  unsigned int x = 1, y = 1, z = 1;
  constexpr dim3(unsigned int x_ = 1, unsigned int y_ = 1, unsigned int z_ = 1) : x(x_), y(y_), z(z_) {}
  constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
};

// The running emulated thread's coordinates. One per worker thread; the block runner rewrites
// thread_idx before it runs or resumes each thread.
struct ThreadContext {
  uint3 thread_idx;
  uint3 block_idx;
  dim3 block_dim;
  dim3 grid_dim;
  void* block_state;  // the engine's per-block bookkeeping (barriers)
  int worker;
};
extern thread_local ThreadContext* tls_context;

// Blocks the calling fiber until every thread of its block has arrived here. A barrier that not
// all threads reach is reported (with the block and the threads missing), never a hang.
void syncthreads(std::source_location where);

// Device printf: formatted at once, captured for the app (the console pane and the Run).
int printf(const char* format, ...) __attribute__((format(printf, 1, 2)));

unsigned int worker_id();
std::uint64_t clock_ns();

// A kernel fault on the emulator (for example an explicit trap): ends the launch with an error.
[[noreturn]] void trap(const char* why);

template <class T>
inline T atomic_add(T* address, T value) {
  return std::atomic_ref<T>(*address).fetch_add(value, std::memory_order_relaxed);
}
template <class T>
inline T atomic_exch(T* address, T value) {
  return std::atomic_ref<T>(*address).exchange(value, std::memory_order_relaxed);
}
template <class T>
inline T atomic_cas(T* address, T compare, T value) {
  std::atomic_ref<T>(*address).compare_exchange_strong(compare, value, std::memory_order_relaxed);
  return compare;  // the old value, as CUDA's atomicCAS returns
}
template <class T, class Pick>
inline T atomic_update(T* address, Pick pick) {
  std::atomic_ref<T> ref(*address);
  T old = ref.load(std::memory_order_relaxed);
  while (!ref.compare_exchange_weak(old, pick(old), std::memory_order_relaxed)) {
  }
  return old;
}

template <class T>
struct always_false {
  static constexpr bool value = false;
};

}  // namespace cudalab::emu

using cudalab::emu::dim3;
using cudalab::emu::uint3;

#define threadIdx (::cudalab::emu::tls_context->thread_idx)
#define blockIdx (::cudalab::emu::tls_context->block_idx)
#define blockDim (::cudalab::emu::tls_context->block_dim)
#define gridDim (::cudalab::emu::tls_context->grid_dim)
#define warpSize 32

#define __syncthreads() ::cudalab::emu::syncthreads(std::source_location::current())
#define __trap() ::cudalab::emu::trap("__trap() called")
#define __threadfence() std::atomic_thread_fence(std::memory_order_seq_cst)
#define __threadfence_block() std::atomic_thread_fence(std::memory_order_seq_cst)

// Atomics on int, unsigned int and float (and unsigned long long for counters).
template <class T> inline T atomicAdd(T* a, T v) { return ::cudalab::emu::atomic_add(a, v); }
template <class T> inline T atomicSub(T* a, T v) { return ::cudalab::emu::atomic_add(a, T(0) - v); }
template <class T> inline T atomicExch(T* a, T v) { return ::cudalab::emu::atomic_exch(a, v); }
template <class T> inline T atomicCAS(T* a, T c, T v) { return ::cudalab::emu::atomic_cas(a, c, v); }
template <class T> inline T atomicMin(T* a, T v) {
  return ::cudalab::emu::atomic_update(a, [v](T old) { return v < old ? v : old; });
}
template <class T> inline T atomicMax(T* a, T v) {
  return ::cudalab::emu::atomic_update(a, [v](T old) { return v > old ? v : old; });
}

// Warp-level intrinsics are not emulated yet: using one is a compile error, never a wrong result.
#define CUDALAB_EMU_UNSUPPORTED(name)                                                             \
  template <class... A>                                                                           \
  inline unsigned name(A...) {                                                                    \
    static_assert(::cudalab::emu::always_false<A...>::value,                                      \
                  #name " is not supported by the CUDA Lab emulator; run this kernel on a GPU"); \
    return 0;                                                                                     \
  }
CUDALAB_EMU_UNSUPPORTED(__shfl_sync)
CUDALAB_EMU_UNSUPPORTED(__shfl_up_sync)
CUDALAB_EMU_UNSUPPORTED(__shfl_down_sync)
CUDALAB_EMU_UNSUPPORTED(__shfl_xor_sync)
CUDALAB_EMU_UNSUPPORTED(__ballot_sync)
CUDALAB_EMU_UNSUPPORTED(__any_sync)
CUDALAB_EMU_UNSUPPORTED(__all_sync)
CUDALAB_EMU_UNSUPPORTED(__activemask)
CUDALAB_EMU_UNSUPPORTED(__syncwarp)
#undef CUDALAB_EMU_UNSUPPORTED
