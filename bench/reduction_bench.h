#pragma once
// The reduction rows of `cudalab bench emulator`: a block sum by shared-memory tree and by warp
// shuffles, each checked against a CPU loop, timed on each device, and the shuffle/shared ratio.
#include <memory>
#include <ostream>
#include <vector>

#include "cudalab/device.h"
#include "figure_rounds.h"

namespace cudalab {

// `devices[i]` runs with `worker_counts[i]` workers; each time and ratio printed is also added to
// `figures`. Returns false when a result was wrong or a launch failed (said in `out`; that row's
// time is not shown).
bool print_reduction_rows(std::ostream& out, const std::vector<std::unique_ptr<Device>>& devices,
                          const std::vector<int>& worker_counts, int repeats, int elements, int threads_per_block,
                          FigureRounds& figures);

}  // namespace cudalab
