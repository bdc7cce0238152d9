#pragma once
// When settings reach the disk. Loaded once at start; written only after the user changed
// something (navigation, theme, font size, window size), a moment later and at exit. A settings
// file that could not be read is therefore left untouched until the user changes something, and
// a read-only store (tests, screenshot and tour modes) never writes.
#include <filesystem>
#include <string>

#include "settings/settings.h"

namespace cudalab::app {

class SettingsStore {
 public:
  SettingsStore(std::filesystem::path file, bool read_only);

  // Reads the file; returns the problem in words ("" when fine or absent).
  std::string load();
  const Settings& current() const { return settings_; }
  // The user changed something: `now` is the full new state. Returns true if it differed.
  bool record(const Settings& now, double time_seconds);
  // Writes when there is an unsaved change older than `delay_seconds` (or any, when `force`).
  // Returns "" or what went wrong; a failed write is retried only after the next change.
  std::string save_if_due(double time_seconds, bool force = false, double delay_seconds = 1.0);

  bool dirty() const { return dirty_; }
  bool read_only() const { return read_only_; }
  const std::filesystem::path& file() const { return file_; }

 private:
  std::filesystem::path file_;
  bool read_only_;
  Settings settings_;
  bool dirty_ = false;
  double changed_at_ = 0;
};

}  // namespace cudalab::app
