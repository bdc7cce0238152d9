#pragma once
// Where the student asked to go, kept until the frame applies it: keys, buttons and the tour's →
// queue their moves, and the frame takes them oldest first once the runner's news is in. Also
// whether the text pane starts at the top on its next frame (a new step, a new exercise).
#include <deque>
#include <optional>

#include "session/course.h"

namespace cudalab::app {

class Navigation {
 public:
  void queue(NavAction action) { pending_.push_back(action); }
  bool pending() const { return !pending_.empty(); }
  // The oldest move not yet applied, taken off the queue.
  std::optional<NavAction> next() {
    if (pending_.empty()) return std::nullopt;
    const NavAction action = pending_.front();
    pending_.pop_front();
    return action;
  }

  void scroll_text_to_top() { scroll_text_to_top_ = true; }
  // True once after it was asked for: the pane scrolls then.
  bool take_scroll_text_to_top() {
    const bool asked = scroll_text_to_top_;
    scroll_text_to_top_ = false;
    return asked;
  }

 private:
  std::deque<NavAction> pending_;
  bool scroll_text_to_top_ = true;
};

}  // namespace cudalab::app
