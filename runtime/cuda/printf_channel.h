#pragma once
// Host side of GPU kernel printf: the channel's device memory, binding each kernel translation
// unit's `printf_channel` symbol to it, and reading records back (runtime-internal).
#include <cstddef>
#include <set>
#include <string>

#include "cudalab/gpu/printf_record.h"
#include "cudalab/status.h"

namespace cudalab::cuda {

class PrintfChannel {
 public:
  PrintfChannel() = default;
  PrintfChannel(const PrintfChannel&) = delete;
  PrintfChannel& operator=(const PrintfChannel&) = delete;
  ~PrintfChannel() { release(); }

  // Allocates the channel on the current device (after creating the context, and again after
  // every reset: the old memory went with the old context).
  Status create(std::size_t capacity_bytes = printf_record::kDefaultCapacityBytes);
  // After cudaDeviceReset: the memory and every binding are gone; nothing to free.
  void forget() noexcept;
  void release() noexcept;

  // Points a translation unit's channel symbol (CompiledKernel::printf_slot) at this channel,
  // once per unit and device generation. Synchronous, like every cudaMemcpyToSymbol.
  Status bind(const void* slot);
  // Appends what kernels printed since the last drain to `out` and empties the channel. Waits for
  // the work enqueued so far (the copy is ordered after it on the default stream).
  Status drain(std::string* out);

 private:
  printf_record::ChannelHeader* channel_ = nullptr;  // device memory
  std::size_t capacity_bytes_ = 0;
  std::set<const void*> bound_slots_;
};

}  // namespace cudalab::cuda
