#pragma once
// The bottom pane's tabs as state: a tab asked for (the console after a startup problem, the Code
// tab for a screenshot) is selected the next time the pane is drawn, and the console follows new
// output once per change, leaving the student's scrolling alone otherwise.
#include <cstddef>
#include <optional>

namespace cudalab::app {

class BottomTabs {
 public:
  enum class Tab { results, console, code };

  void request(Tab tab) { request_ = tab; }
  // `tab` is to be selected this frame.
  bool requested(Tab tab) const { return request_ == tab; }
  void tabs_drawn() { request_.reset(); }
  // True when the console's `version` is new since the last call: the pane scrolls to its end.
  bool console_grew(std::size_t version) {
    if (version == console_seen_) return false;
    console_seen_ = version;
    return true;
  }

 private:
  std::optional<Tab> request_;
  std::size_t console_seen_ = 0;
};

}  // namespace cudalab::app
