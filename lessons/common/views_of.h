#pragma once
// Every chapter's views() returns its pictures through this one helper.
#include <utility>
#include <vector>

#include "views.h"

namespace cudalab::lessons {

// Views in order, moved in rather than copied: a picture of 65 536 cells is not worth copying.
template <class... Pictures>
std::vector<View> views_of(Pictures&&... pictures) {
  std::vector<View> views;
  views.reserve(sizeof...(Pictures));
  (views.emplace_back(std::forward<Pictures>(pictures)), ...);
  return views;
}

}  // namespace cudalab::lessons
