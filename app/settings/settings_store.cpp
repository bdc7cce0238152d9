#include "settings/settings_store.h"

namespace cudalab::app {

SettingsStore::SettingsStore(std::filesystem::path file, bool read_only)
    : file_(std::move(file)), read_only_(read_only) {}

std::string SettingsStore::load() {
  LoadedSettings loaded = load_settings(file_);
  settings_ = std::move(loaded.settings);
  dirty_ = false;
  return loaded.problem;
}

bool SettingsStore::record(const Settings& now, double time_seconds) {
  if (now == settings_) return false;
  settings_ = now;
  dirty_ = true;
  changed_at_ = time_seconds;
  return true;
}

std::string SettingsStore::save_if_due(double time_seconds, bool force, double delay_seconds) {
  if (read_only_ || !dirty_) return "";
  if (!force && time_seconds - changed_at_ < delay_seconds) return "";
  dirty_ = false;
  const std::string problem = save_settings(settings_, file_);
  return problem.empty() ? "" : "Settings not saved: " + problem;
}

}  // namespace cudalab::app
