#pragma once
// For a crash handler running on the thread that faulted (the worker process's SIGSEGV report):
// what the emulator knows about the fault, in words. Async-signal-safe: no allocation, no locks.
#include <cstddef>

namespace cudalab {

// When the calling thread is running an emulated kernel, writes "kernel K, block (x,y,z), thread
// (x,y,z)" and — when `address` lies just past or before an emulator device buffer — which buffer
// and how far off, into `out` (always terminated); returns false when there is nothing to say.
bool describe_emulated_fault(const void* address, char* out, std::size_t size);

}  // namespace cudalab
