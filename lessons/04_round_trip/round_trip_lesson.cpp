// Chapter 4, "Host → device → kernel → host": the round trip drawn to scale, pageable against
// pinned host memory, when the GPU is worth its copies, and copies overlapping kernels on streams.
// Each step lives in its own file (round_trip_steps.h).
#include <fmt/format.h>

#include "round_trip_steps.h"

namespace cudalab::lessons {
namespace {

enum StepIndex { kTimelineStep = 0, kPinnedStep = 1, kWorthItStep = 2, kOverlapStep = 3 };

class RoundTripLesson final : public Lesson {
 public:
  std::string id() const override { return "roundtrip"; }
  std::string title() const override { return "Host → device → kernel → host"; }
  std::string folder() const override { return "04_round_trip"; }
  std::string kernel_file() const override { return "kernels.cuh"; }

  std::vector<Step> steps() const override {
    return {round_trip::timeline_step(), round_trip::pinned_step(), round_trip::worth_it_step(),
            round_trip::overlap_step()};
  }

  Run run(int step, const ParamValues& values, Device& device, RunControl& control) override {
    Run run;
    begin_run(&run, *this, step, values, device);
    switch (step) {
      case kTimelineStep: round_trip::run_timeline(values, device, control, &run); break;
      case kPinnedStep: round_trip::run_pinned(values, device, control, &run); break;
      case kWorthItStep: round_trip::run_worth_it(values, device, control, &run); break;
      case kOverlapStep: round_trip::run_overlap(values, device, control, &run); break;
      default:
        run.status = Status::error(StatusCode::invalid_argument,
                                   fmt::format("chapter \"{}\" has no step {}", title(), step + 1));
    }
    control.progress = 1.f;
    return run;
  }

  // A failed run has no picture: the app keeps the last good one and shows run.status in words.
  std::vector<View> views(int step, const Run& run) const override {
    if (!run.status.ok()) return {};
    switch (step) {
      case kTimelineStep: return round_trip::timeline_views(run);
      case kPinnedStep: return round_trip::pinned_views(run);
      case kWorthItStep: return round_trip::worth_it_views(run);
      case kOverlapStep: return round_trip::overlap_views(run);
      default: return {};
    }
  }
};

}  // namespace

std::unique_ptr<Lesson> make_round_trip_lesson() { return std::make_unique<RoundTripLesson>(); }

}  // namespace cudalab::lessons
