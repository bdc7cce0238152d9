#include "session/course.h"

#include <algorithm>

namespace cudalab::app {

// Starts at the first step without marking it visited: the shell moves to the remembered place.
Course::Course(std::vector<ChapterOutline> chapters) : chapters_(std::move(chapters)), visited_(chapters_.size()) {}

const lessons::Step* Course::current_step_outline() const {
  if (chapters_.empty()) return nullptr;
  const auto& steps = current().steps;
  return step_ >= 0 && step_ < static_cast<int>(steps.size()) ? &steps[static_cast<std::size_t>(step_)] : nullptr;
}

int Course::find_chapter_by_folder(const std::string& folder) const {
  for (std::size_t i = 0; i < chapters_.size(); ++i)
    if (chapters_[i].folder == folder) return static_cast<int>(i);
  return -1;
}

int Course::find_chapter(const std::string& id) const {
  for (int i = 0; i < chapter_count(); ++i) {
    if (chapters_[static_cast<std::size_t>(i)].id == id) return i;
  }
  return -1;
}

bool Course::go_to(int chapter, int step) {
  if (chapters_.empty()) return false;
  chapter = std::clamp(chapter, 0, chapter_count() - 1);
  const int steps = static_cast<int>(this->chapter(chapter).steps.size());
  step = std::clamp(step, 0, std::max(steps - 1, 0));
  const bool moved = chapter != chapter_ || step != step_;
  chapter_ = chapter;
  step_ = step;
  if (steps > 0) visited_[static_cast<std::size_t>(chapter)].insert(step);
  return moved;
}

bool Course::navigate(NavAction action) {
  if (chapters_.empty()) return false;
  const int steps = static_cast<int>(current().steps.size());
  switch (action) {
    case NavAction::next_step:
      if (step_ + 1 < steps) return go_to(chapter_, step_ + 1);
      return chapter_ + 1 < chapter_count() && go_to(chapter_ + 1, 0);
    case NavAction::previous_step:
      if (step_ > 0) return go_to(chapter_, step_ - 1);
      if (chapter_ == 0) return false;
      return go_to(chapter_ - 1, static_cast<int>(chapter(chapter_ - 1).steps.size()) - 1);
    case NavAction::next_chapter:
      return chapter_ + 1 < chapter_count() && go_to(chapter_ + 1, 0);
    case NavAction::previous_chapter:
      return go_to(std::max(chapter_ - 1, 0), 0);
  }
  return false;
}

lessons::ParamValues& Course::values() {
  const auto key = std::make_pair(chapter_, step_);
  auto found = values_.find(key);
  if (found == values_.end()) {
    const lessons::Step* step = current_step_outline();
    found = values_.emplace(key, step != nullptr ? lessons::defaults(*step, on_emulator_) : lessons::ParamValues{}).first;
  }
  return found->second;
}

void Course::reset_values() {
  const lessons::Step* step = current_step_outline();
  values_[std::make_pair(chapter_, step_)] = step != nullptr ? lessons::defaults(*step, on_emulator_) : lessons::ParamValues{};
}

bool Course::use_defaults_of(bool on_emulator) {
  if (on_emulator == on_emulator_) return false;
  bool current_changed = false;
  for (auto& [key, values] : values_) {
    const auto& steps = chapters_[static_cast<std::size_t>(key.first)].steps;
    if (key.second < 0 || key.second >= static_cast<int>(steps.size())) continue;
    for (const lessons::Param& param : steps[static_cast<std::size_t>(key.second)].params) {
      auto value = values.find(param.name);
      if (value == values.end() || value->second != lessons::default_of(param, on_emulator_)) continue;
      const double followed = lessons::default_of(param, on_emulator);
      if (followed == value->second) continue;
      value->second = followed;
      current_changed = current_changed || key == std::make_pair(chapter_, step_);
    }
  }
  on_emulator_ = on_emulator;
  return current_changed;
}

const std::set<int>& Course::visited(int chapter) const { return visited_[static_cast<std::size_t>(chapter)]; }

std::map<std::string, std::set<int>> Course::visited_by_id() const {
  std::map<std::string, std::set<int>> visited;
  for (std::size_t i = 0; i < chapters_.size(); ++i) {
    if (!visited_[i].empty()) visited[chapters_[i].id] = visited_[i];
  }
  return visited;
}

void Course::restore_visited(const std::map<std::string, std::set<int>>& visited) {
  for (const auto& [id, steps] : visited) {
    const int chapter = find_chapter(id);
    if (chapter < 0) continue;  // a chapter that no longer exists
    const int step_count = static_cast<int>(chapters_[static_cast<std::size_t>(chapter)].steps.size());
    for (int step : steps) {
      if (step >= 0 && step < step_count) visited_[static_cast<std::size_t>(chapter)].insert(step);
    }
  }
}

std::string chapter_label(const ChapterOutline& outline, int index) {
  return std::to_string(outline.number >= 0 ? outline.number : index);
}

}  // namespace cudalab::app
