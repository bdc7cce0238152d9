// Chapter 5, "Matrix multiply: the naive kernel": one thread per element of C, its footprint, and
// which index should be x. Each step lives in its own file.
#include <fmt/format.h>

#include "matmul_steps.h"
#include "param_ranges.h"

namespace cudalab::lessons {
namespace {

enum StepIndex { kOneThreadStep = 0, kBlockFootprintStep = 1, kWhichIndexStep = 2 };

class MatmulLesson final : public Lesson {
 public:
  std::string id() const override { return "matmul"; }
  std::string title() const override { return "Matrix multiply: the naive kernel"; }
  std::string folder() const override { return "05_matmul"; }
  std::string kernel_file() const override { return "kernels.cuh"; }

  std::vector<Step> steps() const override {
    return {matmul::one_thread_step(), matmul::block_footprint_step(), matmul::which_index_step()};
  }

  Run run(int step, const ParamValues& values, Device& device, RunControl& control) override {
    Run run;
    begin_run(&run, *this, step, values, device);
    if (auto all = steps(); step >= 0 && step < static_cast<int>(all.size())) {
      run.status = matmul::check_values_in_range(all[step], values);
      if (!run.status.ok()) return run;
    }
    switch (step) {
      case kOneThreadStep: matmul::run_one_thread(values, device, &run); break;
      case kBlockFootprintStep: matmul::run_block_footprint(values, device, &run); break;
      case kWhichIndexStep: matmul::run_which_index(values, device, control, &run); break;
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
      case kOneThreadStep: return matmul::one_thread_views(run);
      case kBlockFootprintStep: return matmul::block_footprint_views(run);
      case kWhichIndexStep: return matmul::which_index_views(run);
      default: return {};
    }
  }
};

}  // namespace

std::unique_ptr<Lesson> make_matmul_lesson() { return std::make_unique<MatmulLesson>(); }

}  // namespace cudalab::lessons
