#include "session/standalone_program.h"

#include <optional>
#include <set>
#include <string_view>

#include "cudalab/files.h"

namespace cudalab::app {

namespace {

constexpr int kMaxDepth = 16;

// `line`'s quoted include ("name"), or "" when it is none.
std::string quoted_include(std::string_view line) {
  const std::size_t start = line.find_first_not_of(" \t");
  if (start == std::string_view::npos || line.substr(start, 1) != "#") return "";
  std::size_t at = line.find_first_not_of(" \t", start + 1);
  if (at == std::string_view::npos || line.substr(at, 7) != "include") return "";
  at = line.find_first_not_of(" \t", at + 7);
  if (at == std::string_view::npos || line[at] != '"') return "";
  const std::size_t close = line.find('"', at + 1);
  return close == std::string_view::npos ? "" : std::string(line.substr(at + 1, close - at - 1));
}

bool is_pragma_once(std::string_view line) {
  const std::size_t start = line.find_first_not_of(" \t");
  return start != std::string_view::npos && line.substr(start).starts_with("#pragma once");
}

void write_in(const std::string& text, const std::filesystem::path& folder, bool inlined, int depth,
              std::set<std::filesystem::path>* seen, StandaloneProgram* out) {
  std::size_t begin = 0;
  while (begin < text.size() && out->problem.empty()) {
    std::size_t end = text.find('\n', begin);
    if (end == std::string::npos) end = text.size();
    const std::string_view line(text.data() + begin, end - begin);
    begin = end + 1;
    if (inlined && is_pragma_once(line)) continue;
    const std::string name = quoted_include(line);
    if (name.empty()) {
      out->text.append(line);
      out->text += '\n';
      continue;
    }
    const std::filesystem::path header = (folder / name).lexically_normal();
    if (!seen->insert(header).second) continue;  // already written above
    std::string why;
    const std::optional<std::string> content = depth < kMaxDepth ? read_whole_file(header, &why) : std::nullopt;
    if (!content) {
      out->problem = "cannot write in " + name + (depth < kMaxDepth ? ": " + why : ": headers nested too deep");
      return;
    }
    out->written_in.push_back(name);
    out->text += "// ---- " + name + " (written in from the chapter's folder) ----\n";
    write_in(*content, header.parent_path(), true, depth + 1, seen, out);
    out->text += "// ---- end of " + name + " ----\n";
  }
}

}  // namespace

StandaloneProgram standalone_program(const std::filesystem::path& program) {
  StandaloneProgram out;
  std::string why;
  const std::optional<std::string> text = read_whole_file(program, &why);
  if (!text) {
    out.problem = "cannot read " + program.string() + ": " + why;
    return out;
  }
  const std::filesystem::path self = program.lexically_normal();
  std::set<std::filesystem::path> seen{self};  // a header that includes the program back writes nothing
  write_in(*text, self.parent_path(), false, 0, &seen, &out);
  return out;
}

}  // namespace cudalab::app
