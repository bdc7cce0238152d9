#pragma once
// Chapter 1's steps, one file each: the step's parameters, its run (real kernels on the Device it
// is given) and its views (pictures of a Run, also of one loaded from JSON).
#include <string>
#include <utility>
#include <vector>

#include "lesson.h"

namespace cudalab::lessons::hello {

Step launch_step();
void run_launch(const ParamValues& values, Device& device, Run* run);
std::vector<View> launch_views(const Run& run);

Step async_step();
void run_async(const ParamValues& values, Device& device, Run* run);
std::vector<View> async_views(const Run& run);

Step device_function_step();
void run_device_function(const ParamValues& values, Device& device, Run* run);
std::vector<View> device_function_views(const Run& run);

// Views in order, moved in rather than copied: a picture of 65 536 cells is not worth copying.
template <class... Pictures>
std::vector<View> views_of(Pictures&&... pictures) {
  std::vector<View> views;
  views.reserve(sizeof...(Pictures));
  (views.emplace_back(std::forward<Pictures>(pictures)), ...);
  return views;
}

// "12.3 µs" below a millisecond, "2.013 ms" above: the unit a student reads at a glance.
std::string microseconds_in_words(double microseconds);

}  // namespace cudalab::lessons::hello
