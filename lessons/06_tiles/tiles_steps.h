#pragma once
// Chapter 6's steps, one file each: the step's parameters, its run (real kernels on the Device it
// is given) and its views (pictures of a Run, also of one loaded from JSON).
#include <vector>

#include "common/views_of.h"
#include "lesson.h"

namespace cudalab::lessons::tiles {

Step tile_by_tile_step();
void run_tile_by_tile(const ParamValues& values, Device& device, RunControl& control, Run* run);
std::vector<View> tile_by_tile_views(const Run& run);

Step traffic_step();
void run_traffic(const ParamValues& values, Device& device, RunControl& control, Run* run);
std::vector<View> traffic_views(const Run& run);

Step ragged_sizes_step();
void run_ragged_sizes(const ParamValues& values, Device& device, RunControl& control, Run* run);
std::vector<View> ragged_sizes_views(const Run& run);

Step race_step();
void run_race(const ParamValues& values, Device& device, RunControl& control, Run* run);
std::vector<View> race_views(const Run& run);

Step find_the_bug_step();
void run_find_the_bug(const ParamValues& values, Device& device, RunControl& control, Run* run);
std::vector<View> find_the_bug_views(const Run& run);

// The tile-size parameter every step of this chapter has: a choice of 8, 16, 32 and 64 (64 is
// there to be refused: 64 × 64 threads is more than any GPU allows in one block).
Param tile_param(int default_index);
int tile_of(const ParamValues& values);  // the chosen edge: 8, 16, 32 or 64

}  // namespace cudalab::lessons::tiles
