#include "exercises/exercise.h"

#include <fmt/format.h>

#include "cudalab/message_format.h"
#include "exercises/embedded_files.h"
#include "exercises/signature.h"

namespace cudalab::lessons::exercises {

bool ParamSpec::is_pointer() const { return normalize_type(type).ends_with('*'); }
bool ParamSpec::is_const_pointer() const { return is_pointer() && normalize_type(type).starts_with("const "); }
bool ParamSpec::is_float() const { return normalize_type(type).find("float") != std::string::npos; }

Message test_name(Message sizes, std::string_view note) {
  if (note.empty()) return sizes;
  return message("{} ({})", sizes, Message::text(note));
}

std::string Exercise::folder() const { return chapter + "/exercises/" + id; }
std::string_view Exercise::statement(std::string_view language) const {
  if (language == "zh-CN")
    if (const std::string_view chinese = embedded_file(folder() + "/statement.zh-CN.md"); !chinese.empty()) return chinese;
  return embedded_file(folder() + "/statement.md");
}

std::string Exercise::title_in(std::string_view language) const {
  const std::string_view text = statement(language);
  if (!text.starts_with("# ")) return title;
  return std::string(text.substr(2, text.find('\n') - 2));
}
std::string_view Exercise::starter() const { return embedded_file(folder() + "/starter.cu"); }
std::string_view Exercise::solution() const { return embedded_file(folder() + "/solution.cu"); }

std::vector<std::string> Exercise::hints(std::string_view language) const {
  // Each `### Hint…` (`### 提示…`) heading starts one hint; it runs to the next heading.
  std::vector<std::string> hints;
  const std::string_view text = statement(language);
  std::string* current = nullptr;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(at, end - at);
    if (line.starts_with("#")) {
      current = line.starts_with("### Hint") || line.starts_with("### 提示") ? &hints.emplace_back() : nullptr;
    } else if (current != nullptr) {
      *current += std::string(line) + "\n";
    }
    at = end + 1;
  }
  for (std::string& hint : hints) {
    while (!hint.empty() && (hint.back() == '\n' || hint.back() == ' ')) hint.pop_back();
    while (!hint.empty() && hint.front() == '\n') hint.erase(hint.begin());
  }
  return hints;
}

std::string Exercise::signature() const {
  std::string list;
  for (const ParamSpec& p : params) list += (list.empty() ? "" : ", ") + normalize_type(p.type) + " " + p.name;
  return fmt::format("{} {}({})", kind == ExerciseKind::host ? "cudaError_t" : "__global__ void", kernel_name, list);
}

Message test_line(const Exercise& exercise, const TestCase& test) {
  if (exercise.kind == ExerciseKind::host) return message("Test: {}", test.name);
  return message("Test: {}, launched as {}", test.name, as_is(test.launch.str()));
}

const char* to_string(ExerciseKind kind) {
  switch (kind) {
    case ExerciseKind::host: return "host code";
    case ExerciseKind::speed: return "speed";
    case ExerciseKind::kernel: break;
  }
  return "kernel";
}

const Exercise* find_exercise(std::string_view id) {
  for (const Exercise& exercise : all_exercises())
    if (exercise.id == id) return &exercise;
  return nullptr;
}

std::string_view embedded_file(std::string_view relative_path) {
  for (const auto& [path, text] : embedded_exercise_files())
    if (path == relative_path) return text;
  return {};
}

std::string_view probe_header() { return embedded_file("exercises/probe.cuh"); }

}  // namespace cudalab::lessons::exercises
