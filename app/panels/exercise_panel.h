#pragma once
// An exercise in the app, a feature that owns its state: its statement and hints in the text pane,
// the student's kernel in an editor over the verdict in the canvas pane, Check / Reset in the
// controls, and the exercises under their chapter's steps in the chapter list. The check runs in
// the worker process like every step (a kernel that hangs costs its time limit, nothing else).
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cudalab/device.h"
#include "exercises/exercise.h"
#include "exercises/verdict.h"
#include "session/gui_options.h"
#include "session/console_log.h"
#include "session/course.h"
#include "panels/exercise_workspace.h"
#include "session/lesson_runner.h"
#include "session/navigation.h"
#include "session/settings_keeper.h"
#include "widgets/widget_style.h"

namespace cudalab::app {

class ExercisePanel {
 public:
  // What the feature acts on, the window's: handed in by the shell each time.
  struct Shell {
    Course& course;
    LessonRunner& runner;
    ConsoleLog& console;
    const std::optional<DeviceFacts>& device;  // the open backend, when there is one
    bool backend_opening;
    Navigation& navigation;  // the text pane starts at the top next frame
    SettingsKeeper& settings;  // told when something worth remembering changed
    std::function<void()> position_changed;  // after moving to the exercise's chapter
  };

  // The exercise shown instead of a step, or nullptr.
  const lessons::exercises::Exercise* current() const;
  bool open_one() const { return index_.has_value(); }
  // A check is in flight (its button says "Checking…").
  bool checking() const { return checking_.has_value(); }
  // The editor's cursor blinks or a key is held: the window keeps drawing.
  bool animating() const { return editor_animating_; }
  // A check replaced by a newer request before it ran never comes back: forget it once the runner
  // is idle and has taken a newer one.
  void forget_lost_check(const LessonRunner& runner) {
    if (checking_ && !runner.busy() && runner.last_submitted() != checking_->second) checking_.reset();
  }

  void open(int index, Shell shell);  // index into all_exercises()
  // GuiOptions::exercise with its source (starter, solution or a file) and --check; "" or what is wrong.
  std::string start(const GuiOptions& options, bool automated, Shell shell);
  void close();  // back to the chapter's steps (what was typed is saved)
  void submit_check(Shell shell);
  // A check's outcome: its verdict recorded and said; false when the outcome is not a check's.
  bool take_outcome(LessonRunner::Outcome& outcome, Shell shell);

  void draw_text(Shell shell, const widgets::Style& style);
  void draw_controls(Shell shell, const widgets::Style& style);
  void draw_editor(Shell shell, const widgets::Style& style);
  void draw_entries(int chapter, Shell shell, const widgets::Style& style);  // under the chapter's steps

 private:
  ExerciseWorkspace& workspace();  // opened on first use (data_home_dir()/exercises)
  static std::vector<int> exercises_of_chapter(const Course& course, int chapter);  // indices into all_exercises()
  void draw_verdict(const lessons::exercises::Verdict& verdict, const widgets::Style& style);

  std::optional<int> index_;  // the exercise shown instead of a step (index into all_exercises())
  std::unique_ptr<ExerciseWorkspace> workspace_;
  std::map<std::string, lessons::exercises::Verdict> verdicts_;  // the newest verdict per exercise, this session
  std::optional<std::pair<std::string, std::uint64_t>> checking_;  // exercise id and request id of a check in flight
  bool editor_animating_ = false;
  bool sandbox_said_ = false;  // the console has said which sandbox checks run in
};

}  // namespace cudalab::app
