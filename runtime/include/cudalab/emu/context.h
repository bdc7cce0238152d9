#pragma once
// What the emulator's engine and an emulated kernel share: the running thread's coordinates and
// the entry points kernel code calls (barrier, printf, trap). No macros here, so the engine can
// include it next to Boost without CUDA keywords leaking in; kernel files get it through
// cuda_emu.h.
#include <cstddef>
#include <cstdint>
#include <source_location>

namespace cudalab::emu {

// Bytes of each `extern __shared__` array (bind.h's CUDALAB_EMU_DYNAMIC_SHARED): the most dynamic
// shared memory a launch may ask for on the emulator, as on a GPU without opt-in.
inline constexpr std::size_t kDynamicSharedBytes = 48 * 1024;

// One `extern __shared__` array, registered by bind.h's CUDALAB_EMU_DYNAMIC_SHARED at start-up so
// that each launch can make the part past its requested bytes inaccessible (page granularity):
// a kernel that asks for 0 bytes and uses 1 KiB faults instead of silently working.
struct DynamicSharedArray {
  const char* name;
  void* (*this_thread_copy)();  // the calling worker's copy (the array is thread_local)
  DynamicSharedArray* next = nullptr;
};
void register_dynamic_shared(DynamicSharedArray* array);
struct DynamicSharedRegistration {
  explicit DynamicSharedRegistration(DynamicSharedArray* array) { register_dynamic_shared(array); }
};

struct uint3 {
  unsigned int x, y, z;
};
struct dim3 {
  unsigned int x = 1, y = 1, z = 1;
  constexpr dim3(unsigned int x_ = 1, unsigned int y_ = 1, unsigned int z_ = 1) : x(x_), y(y_), z(z_) {}
  constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
};

// The running emulated thread's coordinates. One per worker thread: all threads of a block run on
// their worker, and the block runner rewrites thread_idx before it runs or resumes each of them.
struct ThreadContext {
  uint3 thread_idx{0, 0, 0};
  uint3 block_idx{0, 0, 0};
  dim3 block_dim;
  dim3 grid_dim;
  void* block_state = nullptr;  // the worker's block runner (barriers)
  unsigned int worker = 0;
  const char* kernel_name = nullptr;  // of the launch this worker runs now (crash reports)
};
// constinit: the compiler then reads it with one %fs-relative load instead of calling a TLS
// wrapper function on every threadIdx access.
extern thread_local constinit ThreadContext* tls_context;

// Blocks the calling emulated thread until every thread of its block has arrived at this same
// call site. A barrier that not all threads reach is reported (block, threads, call sites) when
// the launch ends, never a hang.
void syncthreads(std::source_location where);
// __syncthreads_count/and/or: a barrier that also counts the threads whose predicate is non-zero.
int syncthreads_count(std::source_location where, int predicate);

// Formats one device printf at once and captures it per launch for the app
// (Device::take_printf_output). Returns its length, or -1 when the launch's capture is full.
int print_captured(const char* format, ...) __attribute__((format(printf, 1, 2)));

// An argument as varargs can take it: a stand-in for an element (the exercise checker's probe
// references name their element type ValueType) passes the element's value, read as any read is.
template <class T>
auto printf_argument(const T& value) {
  if constexpr (requires { typename T::ValueType; }) {
    return static_cast<typename T::ValueType>(value);
  } else {
    return value;
  }
}

// Device printf. Like the GPU's (gpu/device_printf.cuh) it returns the number of arguments it
// was given, or -1 when the output did not fit — not the C library's character count.
template <class... Args>
int printf(const char* format, Args... args) {
  return print_captured(format, printf_argument(args)...) < 0 ? -1 : static_cast<int>(sizeof...(Args));
}

inline unsigned int worker_id() { return tls_context->worker; }
std::uint64_t clock_ns();  // steady clock, for trace events and clock64()

// A kernel fault on the emulator (__trap(), a failed device assert): ends the launch with
// StatusCode::kernel_fault. Unwinds the emulated thread; the block's other threads stop too.
[[noreturn]] void trap(const char* why);
[[noreturn]] void assert_fail(const char* expression, const char* file, unsigned line);

}  // namespace cudalab::emu
