#pragma once
// Dynamic shared memory gets exactly the pages a launch asked for. Every `extern __shared__`
// array is a 48 KiB per-worker array (bind.h); before a worker runs a launch's blocks, the pages
// of its copies past the requested bytes (rounded up to a page) become inaccessible, so a kernel
// that uses more than it asked for faults at the first page it should not touch — as a GPU may
// silently corrupt instead. Overruns inside the last requested page are not caught.
#include <cstddef>

namespace cudalab::emu {

// On the calling worker thread: fence every registered array at `requested_bytes`.
void fence_dynamic_shared(std::size_t requested_bytes) noexcept;

// For crash reports on the faulting thread (async-signal-safe): when `address` lies in one of
// this thread's arrays, its name, the byte offset and the bytes the launch asked for.
bool find_dynamic_shared(const void* address, const char** name, std::size_t* offset, std::size_t* requested);

}  // namespace cudalab::emu
