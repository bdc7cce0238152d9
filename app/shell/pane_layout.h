#pragma once
// Where each pane goes (screen pixels): the viewport is tiled (ImGui 1.86 has no docking). Plain
// arithmetic on the window size, the text height and the remembered pane fractions, so the unit
// tests can check every projector size without a window: every shown pane keeps a minimum in text
// heights (no pane becomes a sliver), panes never overlap or leave the window, and a tiny window
// (320 × 240) still gets a layout with every pane inside it.
#include <vector>

#include <imgui.h>

#include "settings/settings.h"

namespace cudalab::app {

struct PanelRect {
  ImVec2 position, size;
  bool shown() const { return size.x > 0.f && size.y > 0.f; }
  float right() const { return position.x + size.x; }
  float bottom() const { return position.y + size.y; }
};

// normal: every pane. present (F5): lesson text and canvas large, the controls as a strip along
// the bottom, the rest hidden. audience: the projector's window of the presenter view, text and
// canvas only. teacher: the laptop's window of the presenter view, controls beside the notes.
enum class LayoutMode { normal, present, audience, teacher };
const char* to_string(LayoutMode mode);

// A splitter: a thin bar on the border between two panes; dragging it changes one fraction.
struct Splitter {
  enum class Moves { chapters_width, text_width, text_height, canvas_height };
  Moves moves;
  PanelRect bar;        // where it can be grabbed
  bool vertical;        // a vertical bar, dragged left and right
  float origin, extent;  // the fraction is (mouse - origin) / extent along the drag direction
};

struct ShellLayout {
  LayoutMode mode = LayoutMode::normal;
  // Hidden panes have a zero size.
  PanelRect top_bar, chapters, text, controls, canvas, bottom, status_bar;
  PanelRect strip;  // present: the compact controls strip
  PanelRect notes;  // teacher: the step's notes, the next step, the clock
  std::vector<Splitter> splitters;
};

struct LayoutInput {
  ImVec2 origin, size;  // the window's work area
  float em = 16.f;      // the regular font's height in pixels
  PaneSizes panes;
  LayoutMode mode = LayoutMode::normal;
  bool bottom_in_present = false;  // present: the bottom pane asked back ("until wanted")
};

// Minimum sizes in text heights, below which a pane stops being useful.
struct PaneMinimum {
  static constexpr float chapters = 9.f, chapters_strip = 2.6f, text = 12.f, right = 14.f;
  static constexpr float text_height = 5.f, controls_height = 5.f, canvas_height = 9.f, bottom_height = 4.f;
};

ShellLayout compute_shell_layout(const LayoutInput& input);

// The fraction a splitter gives for the mouse at `mouse` (clamped to what settings accept).
float splitter_fraction(const Splitter& splitter, ImVec2 mouse);
// Applies a dragged fraction; keeps the chapter list and text column together under the limit.
void apply_splitter(Splitter::Moves moves, float fraction, PaneSizes* panes);

}  // namespace cudalab::app
