#pragma once
// A wall clock that kernels can read, in nanoseconds, for kernels that wait on purpose ("work for
// 200 µs") or time themselves. It is the clock the trace buffer stamps events with, so a kernel's
// own waits and its trace records agree:
//   GPU:      %globaltimer (a nanosecond counter shared by all SMs; it ticks coarsely, about once
//             a microsecond on recent GPUs, so waits shorter than a few µs are not meaningful)
//   emulator: cudalab::emu::clock_ns() (the host's steady clock)
// Compiles three ways like trace.cuh: nvcc, the emulator, and plain host code (where it is absent:
// host code must not call it).
#include <cstdint>

#if defined(__CUDACC__)
#define CUDALAB_DEVICE_TIME_FN __device__ __forceinline__
#else
#define CUDALAB_DEVICE_TIME_FN inline
#endif

#if defined(__CUDACC__) || defined(CUDALAB_EMU)
namespace cudalab {

CUDALAB_DEVICE_TIME_FN std::uint64_t device_time_ns() {
#if defined(__CUDA_ARCH__)
  unsigned long long now;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
  return now;
#elif defined(CUDALAB_EMU)
  return ::cudalab::emu::clock_ns();
#else
  return 0;  // nvcc's host pass parses device code too; it never runs there
#endif
}

}  // namespace cudalab
#endif
