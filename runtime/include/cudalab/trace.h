#pragma once
// The trace buffer, host side: owns the device memory kernels record into, and reads it back.
#include <cstdint>
#include <vector>

#include "cudalab/buffer.h"
#include "cudalab/trace.cuh"

namespace cudalab {

class TraceBuffer {
 public:
  // A buffer for at most `capacity` events (capacity 0: a Trace that records nothing).
  static Status create(Device& device, std::uint32_t capacity, TraceBuffer* out);

  Trace handle() const;          // pass this to the kernel
  Status clear();                // count back to 0
  // Reads the recorded events (at most capacity) and how many did not fit.
  Status read(std::vector<TraceEvent>* events, std::uint64_t* overflow) const;
  std::uint32_t capacity() const { return capacity_; }

 private:
  Buffer<TraceEvent> events_;
  Buffer<unsigned int> count_;
  std::uint32_t capacity_ = 0;
};

}  // namespace cudalab
