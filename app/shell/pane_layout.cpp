// Pane placement: fractions of the window (the user's, from the splitters) held between minimums
// in text heights, so 200 % text on a 1280 × 720 projector and 100 % on a 1920 × 1080 one both
// give every pane room. When the window is too small for every minimum, the panes share it in the
// ratio of their minimums: smaller than useful, but all there and none overlapping.
#include "shell/pane_layout.h"

#include <algorithm>
#include <cmath>

namespace cudalab::app {

namespace {

// Splits `total` into a first part near `want` and the rest: each part keeps its minimum while
// both minimums fit; otherwise they share `total` in the ratio of the minimums.
float first_part(float total, float want, float first_min, float second_min) {
  total = std::max(total, 0.f);
  if (first_min + second_min > total) {
    return first_min + second_min > 0.f ? std::round(total * first_min / (first_min + second_min)) : 0.f;
  }
  return std::round(std::clamp(want, first_min, total - second_min));
}

PanelRect rect(float x, float y, float width, float height) {
  return {ImVec2(x, y), ImVec2(std::max(width, 0.f), std::max(height, 0.f))};
}

Splitter vertical_splitter(Splitter::Moves moves, float x, float top, float height, float thickness, float origin, float extent) {
  return {moves, rect(x - thickness * 0.5f, top, thickness, height), true, origin, extent};
}

Splitter horizontal_splitter(Splitter::Moves moves, float y, float left, float width, float thickness, float origin,
                             float extent) {
  return {moves, rect(left, y - thickness * 0.5f, width, thickness), false, origin, extent};
}

}  // namespace

const char* to_string(LayoutMode mode) {
  switch (mode) {
    case LayoutMode::normal: return "normal";
    case LayoutMode::present: return "present";
    case LayoutMode::audience: return "audience";
    case LayoutMode::teacher: return "teacher";
  }
  return "normal";
}

ShellLayout compute_shell_layout(const LayoutInput& input) {
  ShellLayout layout;
  layout.mode = input.mode;
  const float em = std::max(input.em, 1.f);
  const ImVec2 origin = input.origin;
  const float width = std::max(input.size.x, 1.f), height = std::max(input.size.y, 1.f);
  const PaneSizes& panes = input.panes;
  const float splitter = std::max(6.f, std::round(em * 0.4f));
  using M = PaneMinimum;

  // The bars take their height in text; a window too short for them and a middle band shrinks them.
  const bool bars = input.mode == LayoutMode::normal || input.mode == LayoutMode::teacher;
  float top_height = bars ? std::round(em * 2.6f) : 0.f, status_height = bars ? std::round(em * 2.1f) : 0.f;
  if (bars && height - top_height - status_height < em * 3.f) {
    top_height = std::round(height * 0.18f);
    status_height = std::round(height * 0.14f);
  }
  const float middle_top = origin.y + top_height;
  const float middle_height = height - top_height - status_height;
  if (bars) {
    layout.top_bar = rect(origin.x, origin.y, width, top_height);
    layout.status_bar = rect(origin.x, origin.y + height - status_height, width, status_height);
  }

  switch (input.mode) {
    case LayoutMode::normal: {
      const float chapters_min = panes.chapters_collapsed ? M::chapters_strip * em : M::chapters * em;
      const float chapters_want = panes.chapters_collapsed ? M::chapters_strip * em : panes.chapters_width * width;
      const float chapters_width = first_part(width, chapters_want, chapters_min, (M::text + M::right) * em);
      const float rest = width - chapters_width;
      const float text_width = first_part(rest, panes.text_width * width, M::text * em, M::right * em);
      const float text_x = origin.x + chapters_width, right_x = text_x + text_width;
      const float right_width = width - chapters_width - text_width;
      const float text_height =
          first_part(middle_height, panes.text_height * middle_height, M::text_height * em, M::controls_height * em);
      const float canvas_height =
          first_part(middle_height, panes.canvas_height * middle_height, M::canvas_height * em, M::bottom_height * em);
      layout.chapters = rect(origin.x, middle_top, chapters_width, middle_height);
      layout.text = rect(text_x, middle_top, text_width, text_height);
      layout.controls = rect(text_x, middle_top + text_height, text_width, middle_height - text_height);
      layout.canvas = rect(right_x, middle_top, right_width, canvas_height);
      layout.bottom = rect(right_x, middle_top + canvas_height, right_width, middle_height - canvas_height);
      if (!panes.chapters_collapsed) {
        layout.splitters.push_back(vertical_splitter(Splitter::Moves::chapters_width, text_x, middle_top, middle_height,
                                                     splitter, origin.x, width));
      }
      layout.splitters.push_back(
          vertical_splitter(Splitter::Moves::text_width, right_x, middle_top, middle_height, splitter, text_x, width));
      layout.splitters.push_back(horizontal_splitter(Splitter::Moves::text_height, middle_top + text_height, text_x,
                                                     text_width, splitter, middle_top, middle_height));
      layout.splitters.push_back(horizontal_splitter(Splitter::Moves::canvas_height, middle_top + canvas_height, right_x,
                                                     right_width, splitter, middle_top, middle_height));
      break;
    }
    case LayoutMode::present:
    case LayoutMode::audience: {
      // Text and canvas side by side; present adds the controls strip along the bottom.
      const float strip_height = input.mode == LayoutMode::present ? first_part(height, em * 4.6f, em * 3.2f, em * 6.f) : 0.f;
      const float band = height - strip_height;
      const float text_width = first_part(width, panes.text_width * width, M::text * em, M::right * em);
      const float canvas_x = origin.x + text_width, canvas_width = width - text_width;
      const bool bottom = input.bottom_in_present && input.mode == LayoutMode::present;
      const float canvas_height =
          bottom ? first_part(band, panes.canvas_height * band, M::canvas_height * em, M::bottom_height * em) : band;
      layout.text = rect(origin.x, origin.y, text_width, band);
      layout.canvas = rect(canvas_x, origin.y, canvas_width, canvas_height);
      if (bottom) {
        layout.bottom = rect(canvas_x, origin.y + canvas_height, canvas_width, band - canvas_height);
        layout.splitters.push_back(horizontal_splitter(Splitter::Moves::canvas_height, origin.y + canvas_height, canvas_x,
                                                       canvas_width, splitter, origin.y, band));
      }
      if (strip_height > 0.f) layout.strip = rect(origin.x, origin.y + band, width, strip_height);
      layout.splitters.push_back(
          vertical_splitter(Splitter::Moves::text_width, canvas_x, origin.y, band, splitter, origin.x, width));
      break;
    }
    case LayoutMode::teacher: {
      // The laptop: the controls on the left, what only the teacher reads on the right.
      const float controls_width = first_part(width, width * 0.42f, M::text * em, M::text * em);
      layout.controls = rect(origin.x, middle_top, controls_width, middle_height);
      layout.notes = rect(origin.x + controls_width, middle_top, width - controls_width, middle_height);
      break;
    }
  }
  return layout;
}

float splitter_fraction(const Splitter& splitter, ImVec2 mouse) {
  const float along = splitter.vertical ? mouse.x : mouse.y;
  const float fraction = splitter.extent > 0.f ? (along - splitter.origin) / splitter.extent : 0.5f;
  return std::clamp(fraction, PaneSizes::min_fraction, PaneSizes::max_fraction);
}

void apply_splitter(Splitter::Moves moves, float fraction, PaneSizes* panes) {
  fraction = std::clamp(fraction, PaneSizes::min_fraction, PaneSizes::max_fraction);
  // The chapter list and the text column leave the canvas at least a tenth of the width.
  const float room = PaneSizes::max_fraction;
  switch (moves) {
    case Splitter::Moves::chapters_width:
      panes->chapters_width = std::min(fraction, room - panes->text_width);
      break;
    case Splitter::Moves::text_width:
      panes->text_width = std::min(fraction, room - (panes->chapters_collapsed ? 0.f : panes->chapters_width));
      break;
    case Splitter::Moves::text_height: panes->text_height = fraction; break;
    case Splitter::Moves::canvas_height: panes->canvas_height = fraction; break;
  }
  panes->chapters_width = std::max(panes->chapters_width, PaneSizes::min_fraction);
  panes->text_width = std::max(panes->text_width, PaneSizes::min_fraction);
}

}  // namespace cudalab::app
