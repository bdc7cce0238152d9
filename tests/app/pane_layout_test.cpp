// The pane layout at the sizes a classroom uses: 1280 × 720 and 1920 × 1080 projectors, 100 % to
// 200 % text (and 300 %, the largest), every layout mode. Every shown pane lies inside the window,
// panes do not overlap, and each keeps its minimum in text heights (no sliver) whenever the window
// has room for the minimums; a 320 × 240 window still gets every pane inside it.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "shell/pane_layout.h"

using namespace cudalab::app;

namespace {

struct Named {
  const char* name;
  PanelRect rect;
};

std::vector<Named> shown_panes(const ShellLayout& layout) {
  std::vector<Named> all = {{"top_bar", layout.top_bar},   {"chapters", layout.chapters}, {"text", layout.text},
                            {"controls", layout.controls}, {"canvas", layout.canvas},     {"bottom", layout.bottom},
                            {"status_bar", layout.status_bar}, {"strip", layout.strip},   {"notes", layout.notes}};
  std::vector<Named> shown;
  for (const Named& pane : all) {
    if (pane.rect.shown()) shown.push_back(pane);
  }
  return shown;
}

bool overlap(const PanelRect& a, const PanelRect& b) {
  return a.position.x < b.right() - 0.5f && b.position.x < a.right() - 0.5f && a.position.y < b.bottom() - 0.5f &&
         b.position.y < a.bottom() - 0.5f;
}

// The regular font's height at a text size (fonts.cpp: 17 px at 100 %).
float em_at(float scale) { return 17.f * scale; }

void expect_sane(const ShellLayout& layout, float width, float height, const std::string& where) {
  const std::vector<Named> panes = shown_panes(layout);
  ASSERT_FALSE(panes.empty()) << where;
  for (std::size_t i = 0; i < panes.size(); ++i) {
    const PanelRect& r = panes[i].rect;
    EXPECT_GE(r.position.x, -0.5f) << where << " " << panes[i].name;
    EXPECT_GE(r.position.y, -0.5f) << where << " " << panes[i].name;
    EXPECT_LE(r.right(), width + 0.5f) << where << " " << panes[i].name;
    EXPECT_LE(r.bottom(), height + 0.5f) << where << " " << panes[i].name;
    for (std::size_t j = i + 1; j < panes.size(); ++j) {
      EXPECT_FALSE(overlap(r, panes[j].rect)) << where << ": " << panes[i].name << " overlaps " << panes[j].name;
    }
  }
}

}  // namespace

TEST(PaneLayout, ProjectorSizesKeepEveryPaneAboveItsMinimum) {
  for (const ImVec2 size : {ImVec2(1280, 720), ImVec2(1920, 1080), ImVec2(1280, 800)}) {
    for (const float scale : {1.f, 1.5f, 2.f}) {
      for (const LayoutMode mode : {LayoutMode::normal, LayoutMode::present, LayoutMode::audience, LayoutMode::teacher}) {
        LayoutInput input;
        input.size = size;
        input.em = em_at(scale);
        input.mode = mode;
        const std::string where = std::to_string(int(size.x)) + "x" + std::to_string(int(size.y)) + " at " +
                                  std::to_string(int(scale * 100)) + " % in " + to_string(mode);
        const ShellLayout layout = compute_shell_layout(input);
        expect_sane(layout, size.x, size.y, where);
        const float em = input.em;
        using M = PaneMinimum;
        if (mode == LayoutMode::normal) {
          EXPECT_GE(layout.chapters.size.x, M::chapters * em - 1) << where;
          EXPECT_GE(layout.text.size.x, M::text * em - 1) << where;
          EXPECT_GE(layout.canvas.size.x, M::right * em - 1) << where;
          EXPECT_GE(layout.text.size.y, M::text_height * em - 1) << where;
          EXPECT_GE(layout.controls.size.y, M::controls_height * em - 1) << where;
          EXPECT_GE(layout.canvas.size.y, M::canvas_height * em - 1) << where;
          EXPECT_GE(layout.bottom.size.y, M::bottom_height * em - 1) << where;
          EXPECT_EQ(layout.splitters.size(), 4u) << where;
        } else if (mode == LayoutMode::present) {
          // Canvas and text large: together at least three quarters of the window.
          const float large = layout.text.size.x * layout.text.size.y + layout.canvas.size.x * layout.canvas.size.y;
          EXPECT_GE(large, 0.75f * size.x * size.y) << where;
          EXPECT_TRUE(layout.strip.shown()) << where;
          EXPECT_FALSE(layout.chapters.shown() || layout.bottom.shown() || layout.top_bar.shown()) << where;
        } else if (mode == LayoutMode::audience) {
          EXPECT_FLOAT_EQ(layout.text.size.y, size.y) << where;
          EXPECT_FLOAT_EQ(layout.text.size.x + layout.canvas.size.x, size.x) << where;
          EXPECT_FALSE(layout.controls.shown() || layout.strip.shown()) << where;
        } else {
          EXPECT_TRUE(layout.controls.shown() && layout.notes.shown()) << where;
          EXPECT_FALSE(layout.canvas.shown()) << where;
        }
      }
    }
  }
}

TEST(PaneLayout, TinyWindowsAndHugeTextStillFitEveryPaneInside) {
  for (const ImVec2 size : {ImVec2(320, 240), ImVec2(640, 400), ImVec2(1, 1)}) {
    for (const float scale : {0.75f, 1.f, 3.f}) {
      for (const LayoutMode mode : {LayoutMode::normal, LayoutMode::present, LayoutMode::audience, LayoutMode::teacher}) {
        for (const bool collapsed : {false, true}) {
          LayoutInput input;
          input.size = size;
          input.em = em_at(scale);
          input.mode = mode;
          input.panes.chapters_collapsed = collapsed;
          input.bottom_in_present = true;
          expect_sane(compute_shell_layout(input), size.x, size.y,
                      std::to_string(int(size.x)) + "x" + std::to_string(int(size.y)) + " " + to_string(mode));
        }
      }
    }
  }
}

TEST(PaneLayout, FoldedChapterListIsANarrowStripAndGivesTheRestItsWidth) {
  LayoutInput input;
  input.size = ImVec2(1920, 1080);
  input.em = em_at(1.5f);
  const ShellLayout open = compute_shell_layout(input);
  input.panes.chapters_collapsed = true;
  const ShellLayout folded = compute_shell_layout(input);
  EXPECT_LE(folded.chapters.size.x, PaneMinimum::chapters_strip * input.em + 1);
  EXPECT_GT(folded.canvas.size.x + folded.text.size.x, open.canvas.size.x + open.text.size.x);
  EXPECT_EQ(folded.splitters.size(), 3u);  // nothing to drag on a folded list
}

TEST(PaneLayout, DraggingASplitterMovesItsBorderAndStaysInRange) {
  LayoutInput input;
  input.size = ImVec2(1920, 1080);
  input.em = em_at(1.f);
  ShellLayout layout = compute_shell_layout(input);
  const Splitter* text_width = nullptr;
  for (const Splitter& splitter : layout.splitters) {
    if (splitter.moves == Splitter::Moves::text_width) text_width = &splitter;
  }
  ASSERT_NE(text_width, nullptr);
  // Drag the border between text and canvas to x = 1000: the text column ends there.
  apply_splitter(text_width->moves, splitter_fraction(*text_width, ImVec2(1000, 500)), &input.panes);
  layout = compute_shell_layout(input);
  EXPECT_NEAR(layout.canvas.position.x, 1000.f, 1.f);
  // Dragged past the window: clamped, the canvas keeps its minimum.
  apply_splitter(Splitter::Moves::text_width, splitter_fraction(*text_width, ImVec2(5000, 500)), &input.panes);
  EXPECT_LE(input.panes.chapters_width + input.panes.text_width, PaneSizes::max_fraction + 1e-5f);
  layout = compute_shell_layout(input);
  EXPECT_GE(layout.canvas.size.x, PaneMinimum::right * input.em - 1);
  apply_splitter(Splitter::Moves::canvas_height, -3.f, &input.panes);
  EXPECT_GE(input.panes.canvas_height, PaneSizes::min_fraction);
}
