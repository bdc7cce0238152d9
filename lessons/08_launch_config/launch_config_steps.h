#pragma once
// Chapter 8's steps, one file each: the step's parameters, its run (real kernels on the Device it
// is given) and its views (pictures of a Run, also of one loaded from JSON).
#include <string>
#include <vector>

#include "common/views_of.h"
#include "cudalab/kernel.h"
#include "lesson.h"

namespace cudalab::lessons::launch_config {

Step calculator_step();
void run_calculator(const ParamValues& values, Device& device, RunControl& control, Run* run);
std::vector<View> calculator_views(const Run& run);

Step block_size_step();
void run_block_size(const ParamValues& values, Device& device, RunControl& control, Run* run);
std::vector<View> block_size_views(const Run& run);

Step grid_size_step();
void run_grid_size(const ParamValues& values, Device& device, RunControl& control, Run* run);
std::vector<View> grid_size_views(const Run& run);

// Resident blocks per SM of `kernel` on `device`: on a GPU, cudaOccupancyMaxActiveBlocksPerMultiprocessor;
// on the emulator, 1 (a worker runs one block at a time). `source` says which, in words.
Status resident_blocks_per_sm(Device& device, const KernelEntry& kernel, int threads_per_block,
                              std::size_t dynamic_shared_bytes, int* blocks, std::string* source);

}  // namespace cudalab::lessons::launch_config
