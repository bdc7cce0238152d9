#pragma once
// Chapter 1's steps, one file each: the step's parameters, its run (real kernels on the Device it
// is given) and its views (pictures of a Run, also of one loaded from JSON).
#include <string>
#include <vector>

#include "common/in_words.h"
#include "common/views_of.h"
#include "lesson.h"

namespace cudalab::lessons::hello {

Step launch_step();
void run_launch(const ParamValues& values, Device& device, RunControl& control, Run* run);
std::vector<View> launch_views(const Run& run);

Step async_step();
void run_async(const ParamValues& values, Device& device, RunControl& control, Run* run);
std::vector<View> async_views(const Run& run);

Step device_function_step();
void run_device_function(const ParamValues& values, Device& device, RunControl& control, Run* run);
std::vector<View> device_function_views(const Run& run);

}  // namespace cudalab::lessons::hello
