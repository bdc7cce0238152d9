#pragma once
// What the GUI tests check of a frame's layout (CUDALAB_LAYOUT_REPORT, tests/gui): where each pane
// was last drawn in the main and the audience window, and the chapter titles that did not fit —
// cut where wrapping could have avoided it (a fault), or because one word is wider than the list.
#include <string>
#include <vector>

#include "shell/pane_layout.h"

namespace cudalab::app {

class LayoutReport {
 public:
  void new_frame() {
    titles_cut_.clear();
    words_too_wide_.clear();
  }
  void title_cut(const std::string& title, bool words_fit) { (words_fit ? titles_cut_ : words_too_wide_).push_back(title); }
  void drawn(const ShellLayout& layout, bool audience) { (audience ? audience_ : main_) = layout; }
  // As JSON: the mode, the text height, whether the chapter list is collapsed, the cut titles and
  // each shown pane's rectangle.
  std::string json(bool audience, float em, bool chapters_collapsed) const;

 private:
  ShellLayout main_, audience_;  // as last drawn
  std::vector<std::string> titles_cut_, words_too_wide_;  // this frame's
};

}  // namespace cudalab::app
