#pragma once
// Pointing and marking for a room: a spotlight at the mouse (the screen dims but for a large circle
// with a bright ring, visible from the back row while the key is held) and freehand marks on the
// canvas (drag with Shift held, or with the pen on), cleared when the step changes.
#include <vector>

#include <imgui.h>

#include "shell/pane_layout.h"

namespace cudalab::app {

class PointerMarks {
 public:
  void clear() { strokes_.clear(); }
  bool empty() const { return strokes_.empty(); }
  bool pen() const { return pen_; }
  void toggle_pen() { pen_ = !pen_; }
  // A stroke in fractions of the canvas (0..1 across and down): marks stay on the same spot of
  // the picture when a splitter moves. Tests add one to shoot it.
  void add_stroke(std::vector<ImVec2> points) { strokes_.push_back(std::move(points)); }
  // Screenshots: show the spotlight without a key held.
  void force_spotlight(bool on) { forced_spotlight_ = on; }

  // Over the canvas rect, after the canvas: a window of its own that takes the mouse only while
  // marking (the pen on, or Shift held), so the canvas still pans and zooms otherwise; draws the
  // marks in a colour that reads on every theme.
  void draw_marks(const PanelRect& canvas, float em);
  // The spotlight at the mouse while `held` (or forced), over everything in this window.
  void draw_spotlight(bool held, float em) const;

 private:
  std::vector<std::vector<ImVec2>> strokes_;
  bool drawing_ = false;
  bool pen_ = false;
  bool forced_spotlight_ = false;
};

}  // namespace cudalab::app
