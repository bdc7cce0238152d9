#pragma once
// Chapter 7's steps, one file each: the step's parameters, its run (real kernels on the Device it
// is given) and its views (pictures of a Run, also of one loaded from JSON).
#include <cstdint>
#include <vector>

#include "common/views_of.h"
#include "cudalab/trace.h"
#include "lesson.h"

namespace cudalab::lessons::warps {

Step divergence_step();
void run_divergence(const ParamValues& values, Device& device, RunControl& control, Run* run);
std::vector<View> divergence_views(const Run& run);

Step reduction_step();
void run_reduction(const ParamValues& values, Device& device, RunControl& control, Run* run);
std::vector<View> reduction_views(const Run& run);

Step bank_conflicts_step();
void run_bank_conflicts(const ParamValues& values, Device& device, RunControl& control, Run* run);
std::vector<View> bank_conflicts_views(const Run& run);

Step atomics_step();
void run_atomics(const ParamValues& values, Device& device, RunControl& control, Run* run);
std::vector<View> atomics_views(const Run& run);

// What a warp's shared-memory access costs, from the byte offsets its lanes used (one per lane,
// -1 for a lane that made no access): the bank each lane hit, (offset / 4) % 32, and the conflict
// degree, the most distinct 4-byte words any one bank was asked for (lanes reading the same word
// share it: a broadcast, not a conflict). 1 = conflict-free; 32 = every lane waits its turn.
struct WarpBanks {
  int lane_bank[32];
  int degree = 0;
};
WarpBanks banks_of(const std::vector<int>& lane_offsets);

// Waits for the device, then reads every event of `trace`; a trace that overflowed is an error
// (the pictures and counts would be missing events).
Status read_all_events(Device& device, const TraceBuffer& trace, std::vector<TraceEvent>* events);

}  // namespace cudalab::lessons::warps
