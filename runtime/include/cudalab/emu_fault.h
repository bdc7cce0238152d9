#pragma once
// For a crash handler running on the thread that faulted (the worker process's SIGSEGV report):
// what the emulator knows about the fault, as facts the handler puts into words (a message, so
// that the app can say it in the language it shows). Async-signal-safe: no allocation, no locks.
#include <cstddef>

namespace cudalab {

struct EmulatedFault {
  const char* kernel = nullptr;  // the emulated kernel the faulting thread was running
  unsigned block[3] = {0, 0, 0}, thread[3] = {0, 0, 0};
  // Where the address lies: nowhere the emulator knows, past the dynamic shared memory the launch
  // asked for, just past the end of a device buffer, or just before its start (within two pages:
  // farther than that, it is a wild pointer, not an overrun).
  enum class Near { nothing, dynamic_shared, past_end, before_start } near = Near::nothing;
  const char* shared_name = nullptr;  // dynamic_shared: the extern __shared__ array's name
  std::size_t offset = 0;  // past_end, dynamic_shared: the byte's offset; before_start: how far before
  std::size_t bytes = 0;   // the buffer's size, or the dynamic shared bytes the launch asked for
};

// When the calling thread is running an emulated kernel, fills `out` and returns true; `address`
// (null: none) is looked up among the emulator's device buffers and dynamic shared memory.
bool find_emulated_fault(const void* address, EmulatedFault* out);

}  // namespace cudalab
