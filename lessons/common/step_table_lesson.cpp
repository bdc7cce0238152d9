#include "common/step_table_lesson.h"

#include <utility>

#include <fmt/format.h>

#include "common/param_ranges.h"
#include "cudalab/message_format.h"
#include "text/say.h"

namespace cudalab::lessons {

StepTableLesson::StepTableLesson(std::string id, std::string title, std::string folder, std::string kernel_file,
                                 std::vector<StepEntry> entries)
    : id_(std::move(id)),
      title_(std::move(title)),
      folder_(std::move(folder)),
      kernel_file_(std::move(kernel_file)),
      entries_(std::move(entries)) {}

std::vector<Step> StepTableLesson::steps() const {
  std::vector<Step> steps;
  steps.reserve(entries_.size());
  for (const StepEntry& entry : entries_) steps.push_back(entry.describe());
  return steps;
}

Run StepTableLesson::run(int step, const ParamValues& values, Device& device, RunControl& control) {
  Run run;
  begin_run(&run, *this, step, values, device);
  if (step < 0 || step >= static_cast<int>(entries_.size())) {
    run.status =
        Status::error(StatusCode::invalid_argument, message("chapter \"{}\" has no step {}", title_, step + 1));
  } else {
    const StepEntry& entry = entries_[static_cast<std::size_t>(step)];
    run.status = check_values_in_range(entry.describe(), values);
    if (run.status.ok()) entry.run(values, device, control, &run);
  }
  control.progress = 1.f;
  return run;
}

std::vector<View> StepTableLesson::views(int step, const Run& run) const {
  if (step < 0 || step >= static_cast<int>(entries_.size())) return {};
  const StepEntry& entry = entries_[static_cast<std::size_t>(step)];
  if (!run.status.ok()) {
    const bool shown = entry.failed_run_views == FailedRunViews::always ||
                       (entry.failed_run_views == FailedRunViews::when_cancelled &&
                        run.status.code == StatusCode::cancelled);
    if (!shown) return {};
  }
  return entry.views(run);
}

}  // namespace cudalab::lessons
