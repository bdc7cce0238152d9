#pragma once
// Chapter 6's pictures come from real runs of the shared-tile kernel (or of its copy with a
// barrier left out) on a small matrix, recording every tile slot filled and when each thread began
// and finished multiplying. The trace's slot order is the order the device recorded events in,
// so it can tell whether a thread read the tiles before they were complete.
#include <vector>

#include "common/matmul/host_matmul.h"
#include "common/matmul/measure.h"
#include "cudalab/device.h"
#include "cudalab/trace.cuh"

namespace cudalab::lessons::tiles {

using matmul::Matrix;

enum class Barriers { both = 0, without_first = 1, without_second = 2 };

struct TracedTilesRun {
  int n = 0, tile = 0;
  Barriers barriers = Barriers::both;
  LaunchConfig config;
  Matrix a, b, c;
  std::vector<TraceEvent> trace;  // in the order the device recorded them
};

// Every thread records 4 events per k-step: n is kept small.
inline constexpr int kLargestTracedN = 160;

Status run_traced_tiles(Device& device, int n, int tile, Barriers barriers, TracedTilesRun* out);

// What one block did at one k-step, from the trace.
struct StepRecord {
  int loads = 0;            // tile slots filled from A or B
  int padded = 0;           // tile slots the guards filled with zero
  int early_starts = 0;     // threads that began multiplying before the block's last copy of this step
  int late_finishes = 0;    // threads still multiplying when the block's first copy of the next step happened
};
// records[block][step] for a run with `blocks` blocks and `steps` k-steps.
std::vector<std::vector<StepRecord>> step_records(const std::vector<TraceEvent>& trace, std::uint32_t blocks, int steps);

// Elements of c that differ from the float64 reference by more than float rounding can explain.
std::vector<int> wrong_elements(const Matrix& c, const matmul::Reference& reference);

}  // namespace cudalab::lessons::tiles
