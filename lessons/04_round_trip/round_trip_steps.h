#pragma once
// Chapter 4's steps, one file each: the step's parameters, its run (real copies and kernels on the
// Device it is given) and its views (pictures of a Run, also of one loaded from JSON). Timing
// helpers and the words for sizes and rates come from chapter 3 (03_memory/measuring.h).
#include <utility>
#include <vector>

#include "03_memory/measuring.h"
#include "lesson.h"

namespace cudalab::lessons::round_trip {

using memory::bytes_in_words;
using memory::gigabytes_per_second;
using memory::milliseconds_in_words;
using memory::rate_in_words;
using memory::timing_label;

Step timeline_step();
void run_timeline(const ParamValues& values, Device& device, const RunControl& control, Run* run);
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

template <class... Pictures>
std::vector<View> views_of(Pictures&&... pictures) {
  std::vector<View> views;
  views.reserve(sizeof...(Pictures));
  (views.emplace_back(std::forward<Pictures>(pictures)), ...);
  return views;
}

}  // namespace cudalab::lessons::round_trip
