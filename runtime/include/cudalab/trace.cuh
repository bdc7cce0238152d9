#pragma once
// The trace buffer, device side: kernels that feed a picture call `trace.record(kind, ...)` to log
// who did what, where and when. Bounded: once full, events are counted, never written past the end.
// Compiles three ways: nvcc (real %smid and %globaltimer), the emulator (worker id and a steady
// clock), and plain host code (the types only, for kernel signatures).
#include <cstdint>

#if defined(__CUDACC__)
#define CUDALAB_DEVICE_FN __device__ __forceinline__
#elif defined(CUDALAB_EMU)
#define CUDALAB_DEVICE_FN inline
#else
#define CUDALAB_DEVICE_FN inline
#endif

namespace cudalab {

struct TraceEvent {
  std::uint32_t kind = 0;    // lesson-defined: what happened
  std::uint32_t block = 0;   // linear block id: x + y * gridDim.x + z * gridDim.x * gridDim.y
  std::uint32_t thread = 0;  // linear thread id within the block (x fastest)
  std::uint32_t sm = 0;      // %smid on a GPU; emulator worker id
  std::uint64_t time_ns = 0; // %globaltimer on a GPU; steady clock on the emulator
  std::int32_t payload[4] = {0, 0, 0, 0};
};

// Passed to kernels by value. A default Trace (capacity 0) records nothing.
struct Trace {
  TraceEvent* events = nullptr;
  std::uint32_t capacity = 0;
  unsigned int* count = nullptr;  // events attempted; > capacity means overflow

#if defined(__CUDACC__) || defined(CUDALAB_EMU)
  CUDALAB_DEVICE_FN void record(std::uint32_t kind, int p0 = 0, int p1 = 0, int p2 = 0, int p3 = 0) const;
#endif
};

}  // namespace cudalab

#if defined(__CUDACC__) || defined(CUDALAB_EMU)
namespace cudalab {
CUDALAB_DEVICE_FN void Trace::record(std::uint32_t kind, int p0, int p1, int p2, int p3) const {
#if defined(__CUDA_ARCH__) || defined(CUDALAB_EMU)
  if (capacity == 0) return;
  unsigned int slot = atomicAdd(count, 1u);
  if (slot >= capacity) return;  // counted as overflow by the reader
  TraceEvent e;
  e.kind = kind;
  e.block = blockIdx.x + blockIdx.y * gridDim.x + blockIdx.z * gridDim.x * gridDim.y;
  e.thread = threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y;
#if defined(__CUDA_ARCH__)
  unsigned int sm;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  e.sm = sm;
  e.time_ns = t;
#else
  e.sm = ::cudalab::emu::worker_id();
  e.time_ns = ::cudalab::emu::clock_ns();
#endif
  e.payload[0] = p0;
  e.payload[1] = p1;
  e.payload[2] = p2;
  e.payload[3] = p3;
  events[slot] = e;
#endif
}
}  // namespace cudalab
#endif
