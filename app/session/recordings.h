#pragma once
// Runs recorded on a GPU elsewhere (`cudalab record`, or one saved run opened by name), found by
// chapter and step so a machine without a GPU can show the GPU's pictures and timings beside its
// own emulator run. Files are read on first use and kept; a folder or file that cannot be read is
// skipped with the reason kept for the console, never an exception.
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cudalab/run.h"

namespace cudalab::app {

class RecordingShelf {
 public:
  // Folders to search, first match wins: each holds <chapter>-<step>.json files (1-based steps).
  explicit RecordingShelf(std::vector<std::filesystem::path> folders = {});
  // The folders under `root` (the shipped <data>/assets/recordings), in name order, after these.
  void add_folders_under(const std::filesystem::path& root);
  // A single run (`cudalab FILE.json`); found before any folder's run of the same step.
  void add_run(Run run, std::string origin);

  // The recorded run of chapter `lesson`, 0-based `step`; null when there is none.
  const Run* find(const std::string& lesson, int step);
  // "recorded on NVIDIA H200, 2026-11-30" (or "opened from FILE", for a run opened by name).
  std::string label_of(const std::string& lesson, int step) const;
  // Files that were there but could not be read, in words (taken once).
  std::vector<std::string> take_problems();

 private:
  struct Entry {
    std::optional<Run> run;  // empty: looked for and not found
    std::string label;
  };
  std::vector<std::filesystem::path> folders_;
  std::map<std::pair<std::string, int>, Entry> cache_;
  std::vector<std::string> problems_;
};

// "NVIDIA H200, 2026-11-30": a recorded run's device and the day it was made.
std::string recorded_on(const Run& run);

}  // namespace cudalab::app
