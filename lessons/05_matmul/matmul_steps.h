#pragma once
// Chapter 5's steps, one file each: the step's parameters, its run (real kernels on the Device it
// is given) and its views (pictures of a Run, also of one loaded from JSON).
#include <vector>

#include "common/views_of.h"
#include "lesson.h"

namespace cudalab::lessons::matmul {

Step one_thread_step();
void run_one_thread(const ParamValues& values, Device& device, RunControl& control, Run* run);
std::vector<View> one_thread_views(const Run& run);

Step block_footprint_step();
void run_block_footprint(const ParamValues& values, Device& device, RunControl& control, Run* run);
std::vector<View> block_footprint_views(const Run& run);

Step which_index_step();
void run_which_index(const ParamValues& values, Device& device, RunControl& control, Run* run);
std::vector<View> which_index_views(const Run& run);

}  // namespace cudalab::lessons::matmul
