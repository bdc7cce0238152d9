#pragma once
// A GPU's run beside the live one, a feature that owns its state: where a step has a recorded run
// (shipped with the app, from `--recordings DIR`, or opened from a file) and the live device is not
// a GPU, the canvas offers both. The recorded run is drawn by the same views as a live one, under a
// banner that says where and when it was made, so it never passes for this machine's run. While it
// is on screen the live run waits here, and new live runs go to it.
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cudalab/device.h"
#include "lesson.h"
#include "panels/prediction_panel.h"
#include "session/shown_run.h"
#include "session/console_log.h"
#include "session/course.h"
#include "session/recordings.h"
#include "widgets/widget_style.h"

namespace cudalab::app {

class RecordedRuns {
 public:
  // What the feature acts on, the window's: handed in by the shell each time.
  struct Shell {
    Course& course;
    const std::vector<std::unique_ptr<lessons::Lesson>>& lessons;
    std::optional<ShownRun>& shown;  // the run on screen
    ConsoleLog& console;
    PredictionPanel& predictions;
    std::function<void()> position_changed;  // after moving to an opened run's step
  };

  RecordingShelf& shelf() { return shelf_; }
  // `cudalab FILE.json`, `--show-recorded`: the recorded run is shown first.
  void show_at_start() { show_at_start_ = true; }
  bool showing_recorded() const { return showing_recorded_; }
  // Where a new live run goes: on screen, or to the live run waiting behind a recorded one.
  std::optional<ShownRun>& live_slot(std::optional<ShownRun>& shown) {
    return showing_recorded_ ? waiting_live_ : shown;
  }
  std::optional<ShownRun>& waiting_live() { return waiting_live_; }

  // Puts the current step's recorded run on screen (the live one waits), or the live one back.
  // True when the picture changed.
  bool show_recorded(bool recorded, Shell shell);
  // The Live / Recorded choice above the canvas and the "Not live" banner. True when the picture
  // changed.
  bool draw_choice(Shell shell, const std::optional<DeviceFacts>& live_device);
  // A saved run (`cudalab run --json`, `record`): its values become its step's, no question is
  // asked first, and the shelf holds it as the step's recorded run.
  void adopt_opened_run(Run run, const std::string& path, Shell shell);
  // The status bar's "Open run…" popup: a path and Open.
  void draw_open_popup(Shell shell, const widgets::Style& style);

 private:
  // Opens a saved run at its chapter and step and shows it; "" or what was wrong, in words.
  std::string open_saved_run(const std::string& path, Shell shell);

  RecordingShelf shelf_;
  bool showing_recorded_ = false;          // the shown run is the recorded one; the live one waits
  std::optional<ShownRun> waiting_live_;   // the live run while the recorded one is on screen
  bool show_at_start_ = false;
  std::string open_path_, open_problem_;   // the Open run popup's field and its last error
  std::string recorded_problem_;           // why the last recorded run could not be shown ("" when it was)
};

}  // namespace cudalab::app
