#include "cudalab/trace.h"

#include <algorithm>

namespace cudalab {

Status TraceBuffer::create(Device& device, std::uint32_t capacity, TraceBuffer* out) {
  TraceBuffer trace;
  trace.capacity_ = capacity;
  CUDALAB_RETURN_IF_ERROR(Buffer<TraceEvent>::create(device, capacity, &trace.events_));
  CUDALAB_RETURN_IF_ERROR(Buffer<unsigned int>::create(device, 1, &trace.count_));
  CUDALAB_RETURN_IF_ERROR(trace.clear());
  *out = std::move(trace);
  return Status::success();
}

Trace TraceBuffer::handle() const {
  Trace t;
  t.events = events_.data();
  t.capacity = capacity_;
  t.count = count_.data();
  return t;
}

Status TraceBuffer::clear() { return count_.zero(); }

Status TraceBuffer::read(std::vector<TraceEvent>* events, std::uint64_t* overflow) const {
  unsigned int attempted = 0;
  CUDALAB_RETURN_IF_ERROR(count_.download({&attempted, 1}));
  std::uint32_t stored = std::min<std::uint32_t>(attempted, capacity_);
  events->resize(stored);
  CUDALAB_RETURN_IF_ERROR(events_.download({events->data(), stored}));
  *overflow = attempted - stored;
  return Status::success();
}

}  // namespace cudalab
