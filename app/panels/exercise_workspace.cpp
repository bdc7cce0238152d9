#include "panels/exercise_workspace.h"

#include <fstream>
#include <optional>

#include <nlohmann/json.hpp>

#include "cudalab/files.h"
#include "cudalab/run.h"

namespace cudalab::app {

namespace ex = lessons::exercises;

ExerciseWorkspace::ExerciseWorkspace(std::filesystem::path folder) : folder_(std::move(folder)) { load_progress(); }

ExerciseWorkspace::~ExerciseWorkspace() { save_due(std::chrono::milliseconds(0)); }

widgets::CodeText& ExerciseWorkspace::text(const ex::Exercise& exercise) {
  auto found = open_.find(exercise.id);
  if (found != open_.end()) return found->second.text;
  Open& opened = open_[exercise.id];
  if (const std::optional<std::string> saved = read_whole_file(file_of(exercise.id))) {
    opened.text.set_text(*saved);
  } else {
    opened.text.set_text(exercise.starter());
  }
  opened.saved_revision = opened.seen_revision = opened.text.revision();
  return opened.text;
}

bool ExerciseWorkspace::save_due(std::chrono::milliseconds quiet) {
  if (read_only_) return true;
  const auto now = std::chrono::steady_clock::now();
  bool ok = true;
  for (auto& [id, opened] : open_) {
    const std::uint64_t revision = opened.text.revision();
    if (revision == opened.saved_revision) continue;
    if (revision != opened.seen_revision) {  // still being typed: wait for a quiet moment
      opened.seen_revision = revision;
      opened.changed_at = now;
      if (quiet.count() > 0) continue;
    }
    if (now - opened.changed_at < quiet) continue;
    std::error_code error;
    std::filesystem::create_directories(folder_, error);
    const Status saved = save_text(opened.text.text(), file_of(id).string());
    if (!saved.ok()) {
      problem_ = "Your kernel could not be saved: " + saved.message;
      ok = false;
      continue;
    }
    opened.saved_revision = revision;
    opened.text.mark_saved();
  }
  return ok;
}

void ExerciseWorkspace::reset_to_starter(const ex::Exercise& exercise) {
  widgets::CodeText& current = text(exercise);
  // An undoable edit, not set_text: a reset by mistake is one Ctrl+Z away.
  current.select_all();
  current.paste(exercise.starter());
  current.set_cursor({0, 0});
}

const ExerciseProgress& ExerciseWorkspace::progress(const std::string& id) const {
  static const ExerciseProgress none;
  const auto found = progress_.find(id);
  return found == progress_.end() ? none : found->second;
}

void ExerciseWorkspace::record_verdict(const std::string& id, const ex::Verdict& verdict) {
  ExerciseProgress& entry = progress_[id];
  ++entry.attempts;
  entry.passed = entry.passed || verdict.passed();
  entry.last_verdict = ex::to_string(verdict.kind);
  save_progress();
}

void ExerciseWorkspace::show_next_hint(const ex::Exercise& exercise) {
  ExerciseProgress& entry = progress_[exercise.id];
  entry.hints_shown = std::min(entry.hints_shown + 1, static_cast<int>(exercise.hints().size()));
  save_progress();
}

void ExerciseWorkspace::load_progress() {
  std::ifstream in(folder_ / "progress.json", std::ios::binary);
  if (!in) return;
  const nlohmann::json document = nlohmann::json::parse(in, nullptr, false);
  if (!document.is_object()) {
    problem_ = "progress.json could not be read; your progress starts again (your kernels are kept)";
    return;
  }
  for (const auto& [id, entry] : document.items()) {
    if (!entry.is_object()) continue;
    ExerciseProgress progress;
    const auto number = [&](const char* key) {
      const auto found = entry.find(key);
      return found != entry.end() && found->is_number_integer() ? found->get<int>() : 0;
    };
    progress.attempts = number("attempts");
    progress.hints_shown = number("hints_shown");
    progress.passed = entry.contains("passed") && entry["passed"].is_boolean() && entry["passed"].get<bool>();
    if (entry.contains("last_verdict") && entry["last_verdict"].is_string()) progress.last_verdict = entry["last_verdict"];
    progress_[id] = progress;
  }
}

void ExerciseWorkspace::save_progress() {
  if (read_only_) return;
  nlohmann::json document = nlohmann::json::object();
  for (const auto& [id, entry] : progress_)
    document[id] = {{"attempts", entry.attempts}, {"passed", entry.passed}, {"last_verdict", entry.last_verdict},
                    {"hints_shown", entry.hints_shown}};
  std::error_code error;
  std::filesystem::create_directories(folder_, error);
  if (Status s = save_json(document, (folder_ / "progress.json").string()); !s.ok()) problem_ = "Progress not saved: " + s.message;
}

}  // namespace cudalab::app
