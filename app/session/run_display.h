#pragma once
// The run on screen and what the window knows of the runs it asked for: the newest request (the
// outcome to wait for), the newest outcome taken (screenshots wait until the one reaches the
// other), the status of the newest outcome for the current step (a failed run keeps the last good
// picture under a banner), and whether a changed value runs the step again. UI-free: the panes
// draw from it.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cudalab/status.h"
#include "i18n/language.h"
#include "lesson.h"
#include "session/course.h"
#include "session/lesson_runner.h"
#include "session/shown_run.h"

namespace cudalab::app {

class RunDisplay {
 public:
  std::optional<ShownRun>& shown() { return shown_; }
  const std::optional<ShownRun>& shown() const { return shown_; }
  // The run on screen when it is the current step's, else nullptr.
  const ShownRun* shown_for_current(const Course& course) const {
    return shown_ && shown_->chapter == course.current_chapter() && shown_->step == course.current_step() ? &*shown_
                                                                                                            : nullptr;
  }
  // Puts `outcome` into `slot` (the screen, or where the live run waits behind a recorded one) as
  // the newest version: canvases upload it again.
  void show(LessonRunner::Outcome&& outcome, std::optional<ShownRun>& slot);

  // A request went to the runner: its outcome is the one to wait for.
  void expect(std::uint64_t id) { expected_ = id; }
  std::uint64_t expected() const { return expected_; }
  // A finished outcome came back, for whichever step.
  void taken(std::uint64_t id) { taken_ = std::max(taken_, id); }
  // Every request made has come back (and at least one was made).
  bool settled() const { return expected_ > 0 && taken_ >= expected_; }

  // The current step's outcome: its status is the one shown when it answers the newest request.
  void answered(std::uint64_t id, const Status& status) {
    if (id == expected_) last_status_ = status;
  }
  void forget_status() { last_status_.reset(); }  // a new step has no outcome yet
  const std::optional<Status>& last_status() const { return last_status_; }
  bool last_run_failed() const { return last_status_.has_value() && !last_status_->ok(); }
  std::string last_run_problem() const { return last_status_ ? last_status_->describe() : ""; }

  // "Run on change": a changed value runs the step again.
  bool auto_run() const { return auto_run_; }
  void set_auto_run(bool on) { auto_run_ = on; }

 private:
  std::optional<ShownRun> shown_;
  std::optional<Status> last_status_;  // of the newest outcome for the current step
  std::uint64_t expected_ = 0;         // id of the newest request
  std::uint64_t taken_ = 0;            // id of the newest outcome taken
  bool auto_run_ = true;
};

// Gives `shown`'s views `language`: built again from its run by `chapters` when the lesson made
// them in another one, and the English a Run carries shown in it (i18n/view_words.h).
void speak_language(ShownRun& shown, i18n::Language language,
                    const std::vector<std::unique_ptr<lessons::Lesson>>& chapters);

}  // namespace cudalab::app
