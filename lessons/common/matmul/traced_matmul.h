#pragma once
// What every traced matmul run of chapters 5 and 6 does around its one launch: random A and B
// on the device, C zeroed, a trace buffer; afterwards C and the whole trace back on the host
// (a trace that overflowed is an error: a partial picture would mislead).
#include <cstdint>
#include <vector>

#include "cudalab/buffer.h"
#include "cudalab/trace.h"
#include "measure.h"

namespace cudalab::lessons::matmul {

struct TracedMatmulBuffers {
  Buffer<float> a, b, c;
  TraceBuffer trace;

  Status prepare(Device& device, const Matrix& host_a, const Matrix& host_b, std::uint32_t trace_capacity);
  // Waits for the launch, then reads C and the trace.
  Status finish(Device& device, Matrix* host_c, std::vector<TraceEvent>* events);
};

}  // namespace cudalab::lessons::matmul
