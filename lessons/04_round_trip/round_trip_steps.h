#pragma once
// Chapter 4's steps, one file each: the step's parameters, its run (real copies and kernels on the
// Device it is given) and its views (pictures of a Run, also of one loaded from JSON). Timing
// helpers and the words for sizes and rates are shared with chapter 3 (common/measuring.h).
#include <vector>

#include "common/measuring.h"
#include "common/views_of.h"
#include "lesson.h"

namespace cudalab::lessons::round_trip {

Step timeline_step();
void run_timeline(const ParamValues& values, Device& device, RunControl& control, Run* run);
std::vector<View> timeline_views(const Run& run);

Step pinned_step();
void run_pinned(const ParamValues& values, Device& device, RunControl& control, Run* run);
std::vector<View> pinned_views(const Run& run);

Step worth_it_step();
void run_worth_it(const ParamValues& values, Device& device, RunControl& control, Run* run);
std::vector<View> worth_it_views(const Run& run);

Step overlap_step();
void run_overlap(const ParamValues& values, Device& device, RunControl& control, Run* run);
std::vector<View> overlap_views(const Run& run);

Step errors_step();
void run_errors(const ParamValues& values, Device& device, RunControl& control, Run* run);
std::vector<View> errors_views(const Run& run);

}  // namespace cudalab::lessons::round_trip
