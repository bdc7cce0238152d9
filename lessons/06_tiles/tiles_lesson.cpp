// Chapter 6, "Shared-memory tiles": the tiled kernel step by step, the traffic it saves, sizes that
// are not a multiple of the tile, and the race of every function. The kernels are chapter 5's
// (05_matmul/kernels.cuh): one kernel file for both chapters.
#include <fmt/format.h>

#include "05_matmul/param_ranges.h"
#include "tiles_steps.h"

namespace cudalab::lessons {
namespace {

enum StepIndex { kTileByTileStep = 0, kTrafficStep = 1, kRaggedSizesStep = 2, kRaceStep = 3 };

class TilesLesson final : public Lesson {
 public:
  std::string id() const override { return "tiles"; }
  std::string title() const override { return "Shared-memory tiles"; }
  std::string folder() const override { return "06_tiles"; }
  std::string kernel_file() const override { return "../05_matmul/kernels.cuh"; }

  std::vector<Step> steps() const override {
    return {tiles::tile_by_tile_step(), tiles::traffic_step(), tiles::ragged_sizes_step(), tiles::race_step()};
  }

  Run run(int step, const ParamValues& values, Device& device, RunControl& control) override {
    Run run;
    begin_run(&run, *this, step, values, device);
    if (auto all = steps(); step >= 0 && step < static_cast<int>(all.size())) {
      run.status = matmul::check_values_in_range(all[step], values);
      if (!run.status.ok()) return run;
    }
    switch (step) {
      case kTileByTileStep: tiles::run_tile_by_tile(values, device, &run); break;
      case kTrafficStep: tiles::run_traffic(values, device, control, &run); break;
      case kRaggedSizesStep: tiles::run_ragged_sizes(values, device, &run); break;
      case kRaceStep: tiles::run_race(values, device, control, &run); break;
      default:
        run.status = Status::error(StatusCode::invalid_argument,
                                   fmt::format("chapter \"{}\" has no step {}", title(), step + 1));
    }
    return run;
  }

  // A failed run has no picture (the app keeps the last good one and shows run.status in words),
  // except a race that was stopped: the rows that finished are worth showing.
  std::vector<View> views(int step, const Run& run) const override {
    const bool stopped_race = step == kRaceStep && run.status.code == StatusCode::cancelled;
    if (!run.status.ok() && !stopped_race) return {};
    switch (step) {
      case kTileByTileStep: return tiles::tile_by_tile_views(run);
      case kTrafficStep: return tiles::traffic_views(run);
      case kRaggedSizesStep: return tiles::ragged_sizes_views(run);
      case kRaceStep: return tiles::race_views(run);
      default: return {};
    }
  }
};

}  // namespace

std::unique_ptr<Lesson> make_tiles_lesson() { return std::make_unique<TilesLesson>(); }

}  // namespace cudalab::lessons
