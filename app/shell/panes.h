#pragma once
// The window's panes as state: where each goes this frame (pane_layout.h does the arithmetic), the
// fractions the splitters set and whether the chapter list is folded (both kept in settings.json),
// and what the GUI tests read of the frames drawn (layout_report.h). The splitters that change the
// fractions are drawn here too (panel_splitters.cpp).
#include <string>

#include <imgui.h>

#include "settings/settings.h"
#include "shell/layout_report.h"
#include "shell/pane_layout.h"

namespace cudalab::app {

struct Panes {
  ShellLayout layout;   // this frame's, being drawn
  PaneSizes sizes;      // the splitters' fractions and the folded chapter list, remembered
  LayoutReport report;  // the panes as last drawn and the chapter titles cut

  // Tiles the main viewport's work area for `mode`, the regular text `em` pixels high.
  void lay_out(LayoutMode mode, float em, bool bottom_in_present);
  // An exercise's editor and verdict take the bottom pane's room: the canvas reaches down over it.
  void give_bottom_to_canvas();
  // A thin window on each border between panes, lit in `highlight` under the mouse. True when one
  // was dragged to a new place, or double-clicked (the border back where it was at first).
  bool draw_splitters(ImU32 highlight);
  // As JSON, for the GUI tests (CUDALAB_LAYOUT_REPORT).
  std::string json(bool audience, float em) const { return report.json(audience, em, sizes.chapters_collapsed); }
};

}  // namespace cudalab::app
