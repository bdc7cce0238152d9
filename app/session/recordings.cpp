#include "session/recordings.h"

#include <algorithm>
#include <system_error>

namespace cudalab::app {

RecordingShelf::RecordingShelf(std::vector<std::filesystem::path> folders) : folders_(std::move(folders)) {}

void RecordingShelf::add_folders_under(const std::filesystem::path& root) {
  std::error_code error;
  std::vector<std::filesystem::path> found;
  for (std::filesystem::directory_iterator it(root, error), end; !error && it != end; it.increment(error)) {
    if (it->is_directory(error)) found.push_back(it->path());
  }
  std::sort(found.begin(), found.end());
  folders_.insert(folders_.end(), found.begin(), found.end());
}

void RecordingShelf::add_run(Run run, std::string origin) {
  Entry entry;
  entry.label = "opened from " + origin + " (" + recorded_on(run) + ")";
  const auto key = std::make_pair(run.lesson, run.step);
  entry.run = std::move(run);
  cache_[key] = std::move(entry);
}

const Run* RecordingShelf::find(const std::string& lesson, int step) {
  const auto key = std::make_pair(lesson, step);
  if (const auto cached = cache_.find(key); cached != cache_.end()) {
    return cached->second.run ? &*cached->second.run : nullptr;
  }
  Entry& entry = cache_[key];
  const std::string file = lesson + "-" + std::to_string(step + 1) + ".json";
  for (const auto& folder : folders_) {
    std::error_code error;
    const auto path = folder / file;
    if (!std::filesystem::is_regular_file(path, error)) continue;
    Run run;
    if (Status s = load_run(path.string(), &run); !s.ok()) {
      problems_.push_back("A recorded run was skipped: " + s.describe());
      continue;
    }
    // A recording of a step that failed, or of another step, is no picture of this one; and a folder
    // of emulator runs would only repeat what the emulator shows live.
    if (!run.status.ok() || run.lesson != lesson || run.step != step || !run.device.is_gpu()) continue;
    entry.label = "recorded on " + recorded_on(run);
    entry.run = std::move(run);
    break;
  }
  return entry.run ? &*entry.run : nullptr;
}

std::string RecordingShelf::label_of(const std::string& lesson, int step) const {
  const auto found = cache_.find({lesson, step});
  return found == cache_.end() ? "" : found->second.label;
}

std::vector<std::string> RecordingShelf::take_problems() { return std::exchange(problems_, {}); }

std::string recorded_on(const Run& run) {
  const std::string day = run.started_at.substr(0, std::min<std::size_t>(10, run.started_at.size()));
  return (run.device.name.empty() ? std::string("an unnamed device") : run.device.name) + (day.empty() ? "" : ", " + day);
}

}  // namespace cudalab::app
