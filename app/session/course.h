#pragma once
// Where the student is: the chapters' outlines (read once from the lessons), the current chapter
// and step, each step's parameter values for this session, and which steps were visited. Keys,
// buttons and the tour all move through navigate(), so they behave the same.
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "lesson.h"

namespace cudalab::app {

struct ChapterOutline {
  std::string id, title, folder, kernel_file;
  std::vector<lessons::Step> steps;
  std::string program_file;  // the chapter's whole plain-CUDA program, relative to folder; "" for none
  int number = -1;           // in the course (lessons::chapter_number); -1: its place in the list
};

// "8" for chapter 8 (its folder's number), or its index in the list when it has none.
std::string chapter_label(const ChapterOutline& outline, int index);

enum class NavAction { previous_step, next_step, previous_chapter, next_chapter };

class Course {
 public:
  explicit Course(std::vector<ChapterOutline> chapters);

  int chapter_count() const { return static_cast<int>(chapters_.size()); }
  const ChapterOutline& chapter(int index) const { return chapters_[static_cast<std::size_t>(index)]; }
  int current_chapter() const { return chapter_; }
  int current_step() const { return step_; }
  const ChapterOutline& current() const { return chapter(chapter_); }
  const lessons::Step* current_step_outline() const;
  int find_chapter(const std::string& id) const;  // -1 when unknown
  int find_chapter_by_folder(const std::string& folder) const;  // "02_threads"; -1 when none

  // Moves to (chapter, step), clamped to what exists; marks it visited. Returns true if it moved.
  bool go_to(int chapter, int step);
  // → past a chapter's last step continues with the next chapter; ← before the first goes back to
  // the previous chapter's last step. Returns true if the position changed.
  bool navigate(NavAction action);

  // The current step's values (its defaults the first time); edited in place by the controls.
  lessons::ParamValues& values();
  void reset_values();
  // Which backend's defaults the steps start from (lessons::Param::emulator_default): values still
  // at the other backend's defaults follow, values moved by hand stay. True when the current
  // step's values changed (its run is then stale).
  bool use_defaults_of(bool on_emulator);
  bool on_emulator() const { return on_emulator_; }

  const std::set<int>& visited(int chapter) const;
  std::map<std::string, std::set<int>> visited_by_id() const;
  void restore_visited(const std::map<std::string, std::set<int>>& visited);

 private:
  std::vector<ChapterOutline> chapters_;
  int chapter_ = 0, step_ = 0;
  bool on_emulator_ = false;
  std::map<std::pair<int, int>, lessons::ParamValues> values_;
  std::vector<std::set<int>> visited_;
};

}  // namespace cudalab::app
