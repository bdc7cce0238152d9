#pragma once
// Chapter 2's steps, one file each: the step's parameters, its run (real kernels on the Device it
// is given) and its views (pictures of a Run, also of one loaded from JSON).
#include <vector>

#include "common/views_of.h"
#include "lesson.h"

namespace cudalab::lessons::threads {

Step indexing_1d_step();
void run_indexing_1d(const ParamValues& values, Device& device, RunControl& control, Run* run);
std::vector<View> indexing_1d_views(const Run& run);

Step covering_step();
void run_covering(const ParamValues& values, Device& device, RunControl& control, Run* run);
std::vector<View> covering_views(const Run& run);

Step grid_2d_step();
void run_grid_2d(const ParamValues& values, Device& device, RunControl& control, Run* run);
std::vector<View> grid_2d_views(const Run& run);

Step blocks_on_sms_step();
void run_blocks_on_sms(const ParamValues& values, Device& device, RunControl& control, Run* run);
std::vector<View> blocks_on_sms_views(const Run& run);

// The most threads a picture of this chapter draws: a thread grid this large still relaunches and
// redraws at once; beyond it the step says so instead of freezing the class.
inline constexpr std::uint64_t kMostThreadsDrawn = 65536;

}  // namespace cudalab::lessons::threads
