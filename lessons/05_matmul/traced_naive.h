#pragma once
// Chapter 5's pictures come from one real run of a naive kernel on a small matrix, recording every
// load of A and B and every store to C in the trace buffer.
#include <vector>

#include "common/matmul/host_matmul.h"
#include "common/matmul/measure.h"
#include "cudalab/device.h"
#include "cudalab/trace.cuh"

namespace cudalab::lessons::matmul {

struct TracedNaiveRun {
  int n = 0;
  unsigned block_edge = 0;
  LaunchConfig config;
  Matrix a, b, c;
  std::vector<TraceEvent> trace;  // every event, in the order the device recorded them
};

// The most n a traced naive run takes: every thread records 2n + 1 events.
inline constexpr int kLargestTracedNaiveN = 64;

Status run_traced_naive(Device& device, int n, unsigned block_edge, NaiveMapping mapping, TracedNaiveRun* out);

// Where a trace event's thread sits: its block and thread coordinates, from the linear ids the
// trace stores and the launch's block and grid sizes.
struct ThreadPlace {
  unsigned block_x = 0, block_y = 0, thread_x = 0, thread_y = 0;
};
ThreadPlace place_of(const TraceEvent& event, const LaunchConfig& config);

}  // namespace cudalab::lessons::matmul
