#pragma once
// What a student has made of the exercises, kept under data_home_dir()/exercises: each
// exercise's file as they left it (<id>.cu, saved a moment after each edit, atomically, so a
// crash, a quit or a power cut loses at most that moment) and their progress (progress.json:
// tried, passed, the last verdict, hints seen). No ImGui here: the exercise pane draws it.
#include <chrono>
#include <filesystem>
#include <map>
#include <optional>
#include <string>

#include "exercises/exercise.h"
#include "exercises/verdict.h"
#include "widgets/code_text.h"

namespace cudalab::app {

struct ExerciseProgress {
  int attempts = 0;
  bool passed = false;          // passed at least once
  std::string last_verdict;     // to_string(VerdictKind) of the newest check
  int hints_shown = 0;
};

class ExerciseWorkspace {
 public:
  explicit ExerciseWorkspace(std::filesystem::path folder);
  ~ExerciseWorkspace();  // saves what is unsaved

  // The student's text for `exercise`: their saved file when there is one, else the starter.
  widgets::CodeText& text(const lessons::exercises::Exercise& exercise);
  // Saves the texts edited more than `quiet` ago (the pane calls it every frame); all of them at once
  // with quiet = 0. Returns false when a save failed (problem() says why).
  bool save_due(std::chrono::milliseconds quiet = std::chrono::milliseconds(800));
  void reset_to_starter(const lessons::exercises::Exercise& exercise);

  const ExerciseProgress& progress(const std::string& id) const;
  void record_verdict(const std::string& id, const lessons::exercises::Verdict& verdict);
  void show_next_hint(const lessons::exercises::Exercise& exercise);

  // Screenshots and tours: show and edit, never write the student's files.
  void set_read_only(bool read_only) { read_only_ = read_only; }
  const std::filesystem::path& folder() const { return folder_; }
  const std::string& problem() const { return problem_; }  // the last save or load that failed, in words

 private:
  struct Open {
    widgets::CodeText text;
    std::uint64_t saved_revision = 0;
    std::uint64_t seen_revision = 0;
    std::chrono::steady_clock::time_point changed_at;
  };
  std::filesystem::path file_of(const std::string& id) const { return folder_ / (id + ".cu"); }
  void load_progress();
  void save_progress();

  std::filesystem::path folder_;
  std::map<std::string, Open> open_;
  std::map<std::string, ExerciseProgress> progress_;
  std::string problem_;
  bool read_only_ = false;
};

}  // namespace cudalab::app
