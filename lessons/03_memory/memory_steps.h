#pragma once
// Chapter 3's steps, one file each: the step's parameters, its run (real kernels on the Device it
// is given) and its views (pictures of a Run, also of one loaded from JSON).
#include <vector>

#include "common/measuring.h"
#include "common/views_of.h"
#include "lesson.h"

namespace cudalab::lessons::memory {

Step memory_map_step();
void run_memory_map(const ParamValues& values, Device& device, RunControl& control, Run* run);
std::vector<View> memory_map_views(const Run& run);

Step bandwidth_step();
void run_bandwidth(const ParamValues& values, Device& device, RunControl& control, Run* run);
std::vector<View> bandwidth_views(const Run& run);

Step shared_vs_global_step();
void run_shared_vs_global(const ParamValues& values, Device& device, RunControl& control, Run* run);
std::vector<View> shared_vs_global_views(const Run& run);

Step shared_per_block_step();
void run_shared_per_block(const ParamValues& values, Device& device, RunControl& control, Run* run);
std::vector<View> shared_per_block_views(const Run& run);

Step registers_step();
void run_registers(const ParamValues& values, Device& device, RunControl& control, Run* run);
std::vector<View> registers_views(const Run& run);

}  // namespace cudalab::lessons::memory
