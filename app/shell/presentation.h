#pragma once
// Presenting to a class, as state: on one screen (the present layout) or two (the presenter view:
// the audience window shows the canvas, the main window the teacher's view), since when (the
// teacher's clock), where the audience window is, whether the bottom pane was asked back, and the
// pen and spotlight marks on the canvas. F5 starts it and Esc stops it (present_layout.cpp draws its
// strip and the teacher's notes).
#include <string>
#include <utility>

#include "shell/pane_layout.h"
#include "shell/pointer_marks.h"

namespace cudalab::app {

class Presentation {
 public:
  bool on() const { return on_; }
  void start(double now) {
    on_ = true;
    since_ = now;
  }
  void stop() {
    on_ = false;
    bottom_shown_ = false;
  }
  double since() const { return since_; }  // when it started, in ImGui time

  // The second screen's window (gui.cpp opens and closes it), and where it is, in words.
  void set_audience_window(bool open, std::string where) {
    audience_open_ = open;
    audience_screen_ = std::move(where);
  }
  bool audience_open() const { return audience_open_; }
  const std::string& audience_screen() const { return audience_screen_; }

  // The present layout leaves the bottom pane out until it is asked back.
  bool bottom_shown() const { return bottom_shown_; }
  void toggle_bottom() { bottom_shown_ = !bottom_shown_; }

  LayoutMode mode() const { return !on_ ? LayoutMode::normal : audience_open_ ? LayoutMode::teacher : LayoutMode::present; }
  PointerMarks& marks() { return marks_; }

 private:
  bool on_ = false;
  bool audience_open_ = false;
  bool bottom_shown_ = false;
  double since_ = 0;
  std::string audience_screen_;
  PointerMarks marks_;  // marks belong to the step they were drawn on: the shell clears them
};

}  // namespace cudalab::app
