#include "traced_matmul.h"

#include <fmt/format.h>

#include "text/say.h"

namespace cudalab::lessons::matmul {

Status TracedMatmulBuffers::prepare(Device& device, const Matrix& host_a, const Matrix& host_b,
                                    std::uint32_t trace_capacity) {
  CUDALAB_RETURN_IF_ERROR(Buffer<float>::from_host(device, host_a, &a));
  CUDALAB_RETURN_IF_ERROR(Buffer<float>::from_host(device, host_b, &b));
  CUDALAB_RETURN_IF_ERROR(Buffer<float>::create(device, host_a.size(), &c));
  CUDALAB_RETURN_IF_ERROR(c.zero());  // a kernel that skips a store leaves 0, the same on every run
  return TraceBuffer::create(device, trace_capacity, &trace);
}

Status TracedMatmulBuffers::finish(Device& device, Matrix* host_c, std::vector<TraceEvent>* events) {
  CUDALAB_RETURN_IF_ERROR(device.synchronize());
  host_c->assign(c.size(), 0.0f);
  CUDALAB_RETURN_IF_ERROR(c.download(*host_c));
  std::uint64_t overflow = 0;
  CUDALAB_RETURN_IF_ERROR(trace.read(events, &overflow));
  if (overflow)
    return Status::error(StatusCode::internal, say("{} trace events did not fit; the picture would be partial", overflow));
  return Status::success();
}

}  // namespace cudalab::lessons::matmul
