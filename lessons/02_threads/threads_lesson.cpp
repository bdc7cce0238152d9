// Chapter 2, "Threads, blocks, grids": 1D indexing, covering an array (guard and grid-stride
// loop), 2D grids and blocks, and how blocks meet the SMs. Each step lives in its own file.
#include <fmt/format.h>

#include "threads_steps.h"

namespace cudalab::lessons {
namespace {

enum StepIndex { kIndexing1dStep = 0, kCoveringStep = 1, kGrid2dStep = 2, kBlocksOnSmsStep = 3 };

class ThreadsLesson final : public Lesson {
 public:
  std::string id() const override { return "threads"; }
  std::string title() const override { return "Threads, blocks, grids"; }
  std::string folder() const override { return "02_threads"; }
  std::string kernel_file() const override { return "kernels.cuh"; }

  std::vector<Step> steps() const override {
    return {threads::indexing_1d_step(), threads::covering_step(), threads::grid_2d_step(),
            threads::blocks_on_sms_step()};
  }

  Run run(int step, const ParamValues& values, Device& device, RunControl&) override {
    Run run;
    begin_run(&run, *this, step, values, device);
    switch (step) {
      case kIndexing1dStep: threads::run_indexing_1d(values, device, &run); break;
      case kCoveringStep: threads::run_covering(values, device, &run); break;
      case kGrid2dStep: threads::run_grid_2d(values, device, &run); break;
      case kBlocksOnSmsStep: threads::run_blocks_on_sms(values, device, &run); break;
      default:
        run.status = Status::error(StatusCode::invalid_argument,
                                   fmt::format("chapter \"{}\" has no step {}", title(), step + 1));
    }
    return run;
  }

  // A failed run has no picture: the app keeps the last good one and shows run.status in words.
  std::vector<View> views(int step, const Run& run) const override {
    if (!run.status.ok()) return {};
    switch (step) {
      case kIndexing1dStep: return threads::indexing_1d_views(run);
      case kCoveringStep: return threads::covering_views(run);
      case kGrid2dStep: return threads::grid_2d_views(run);
      case kBlocksOnSmsStep: return threads::blocks_on_sms_views(run);
      default: return {};
    }
  }
};

}  // namespace

std::unique_ptr<Lesson> make_threads_lesson() { return std::make_unique<ThreadsLesson>(); }

}  // namespace cudalab::lessons
