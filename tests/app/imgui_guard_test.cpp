// Issue #25: the code editor used ImGuiKey_KeyPadEnter, a name ImGui 1.87 dropped, and nobody
// could build CUDA Lab on Debian 13 or Ubuntu 24.04 (ImGui 1.90.1) while CI, on Debian 12 (1.86),
// stayed green. This guard runs where CI runs: no line outside the compat place
// (app/widgets/imgui_compat.*) may use a name from app/widgets/imgui_version_names.txt, the names
// that differ between the two versions, each with its reason.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace fs = std::filesystem;

namespace {

const fs::path source_dir = CUDALAB_SOURCE_DIR;

struct VersionName {
  std::vector<std::string> pattern;  // token globs
  std::string text, example, reason;
};

std::string trimmed(const std::string& text) {
  const auto begin = text.find_first_not_of(" \t");
  const auto end = text.find_last_not_of(" \t\r");
  return begin == std::string::npos ? std::string() : text.substr(begin, end - begin + 1);
}

// The line as the compiler's tokens: names (letters, digits, _) and single punctuation characters.
std::vector<std::string> tokens_of(const std::string& line) {
  std::vector<std::string> tokens;
  for (std::size_t i = 0; i < line.size();) {
    const auto name_char = [&](std::size_t at) {
      return std::isalnum(static_cast<unsigned char>(line[at])) || line[at] == '_';
    };
    if (std::isspace(static_cast<unsigned char>(line[i]))) {
      ++i;
    } else if (name_char(i)) {
      std::size_t end = i;
      while (end < line.size() && name_char(end)) ++end;
      tokens.push_back(line.substr(i, end - i));
      i = end;
    } else {
      tokens.push_back(std::string(1, line[i++]));
    }
  }
  return tokens;
}

// fnmatch with `*` only.
bool glob_matches(std::string_view glob, std::string_view text) {
  if (glob.empty()) return text.empty();
  if (glob[0] == '*') {
    for (std::size_t skip = 0; skip <= text.size(); ++skip) {
      if (glob_matches(glob.substr(1), text.substr(skip))) return true;
    }
    return false;
  }
  return !text.empty() && glob[0] == text[0] && glob_matches(glob.substr(1), text.substr(1));
}

bool matches(const VersionName& name, const std::vector<std::string>& tokens) {
  const std::size_t length = name.pattern.size();
  for (std::size_t start = 0; start + length <= tokens.size(); ++start) {
    bool all = true;
    for (std::size_t k = 0; k < length && all; ++k) all = glob_matches(name.pattern[k], tokens[start + k]);
    if (all) return true;
  }
  return false;
}

std::vector<VersionName> read_list() {
  std::vector<VersionName> names;
  std::ifstream in(source_dir / "app/widgets/imgui_version_names.txt");
  std::string line;
  while (std::getline(in, line)) {
    if (trimmed(line).empty() || line[0] == '#') continue;
    const auto first = line.find(" | "), second = line.find(" | ", first + 3);
    if (first == std::string::npos || second == std::string::npos) {
      ADD_FAILURE() << "imgui_version_names.txt: not `pattern | example | reason`: " << line;
      continue;
    }
    VersionName name;
    name.text = trimmed(line.substr(0, first));
    std::istringstream words(name.text);
    for (std::string word; words >> word;) name.pattern.push_back(word);
    name.example = trimmed(line.substr(first + 3, second - first - 3));
    name.reason = trimmed(line.substr(second + 3));
    names.push_back(std::move(name));
  }
  return names;
}

// The line without its // comment (one outside a string literal): comments may name what they
// explain.
std::string code_of(const std::string& line) {
  bool in_string = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '\\' && in_string) {
      ++i;
    } else if (line[i] == '"') {
      in_string = !in_string;
    } else if (!in_string && line.compare(i, 2, "//") == 0) {
      return line.substr(0, i);
    }
  }
  return line;
}

// "file:line: text  → reason" for every use outside the compat place.
std::vector<std::string> uses_outside_compat(const std::vector<VersionName>& names) {
  const fs::path allowed[] = {source_dir / "app/widgets/imgui_compat.h", source_dir / "app/widgets/imgui_compat.cpp",
                              source_dir / "tests/app/imgui_guard_test.cpp"};  // this file: the examples
  std::vector<std::string> found;
  for (const char* dir : {"app", "lessons", "runtime", "bench", "tests"}) {
    for (const auto& entry : fs::recursive_directory_iterator(source_dir / dir)) {
      const std::string ext = entry.path().extension().string();
      if (!entry.is_regular_file() ||
          (ext != ".cpp" && ext != ".h" && ext != ".cu" && ext != ".cuh" && ext != ".inl")) {
        continue;
      }
      if (std::find(std::begin(allowed), std::end(allowed), entry.path()) != std::end(allowed)) continue;
      std::ifstream in(entry.path());
      std::string line;
      for (int number = 1; std::getline(in, line); ++number) {
        const std::vector<std::string> tokens = tokens_of(code_of(line));
        for (const VersionName& name : names) {
          if (!matches(name, tokens)) continue;
          std::ostringstream out;
          out << fs::relative(entry.path(), source_dir).string() << ":" << number << ": " << trimmed(line) << "\n    → "
              << name.reason;
          found.push_back(out.str());
          break;
        }
      }
    }
  }
  return found;
}

}  // namespace

TEST(ImGuiGuard, EveryListedNameCatchesItsExample) {
  const std::vector<VersionName> names = read_list();
  ASSERT_GE(names.size(), 20u) << "the list went missing or lost entries";
  for (const VersionName& name : names) {
    EXPECT_TRUE(matches(name, tokens_of(code_of(name.example)))) << name.text << " misses " << name.example;
  }
  // The line that broke Ubuntu 24.04, and calls both versions share, which must pass.
  const auto hits = [&](const std::string& line) {
    const std::vector<std::string> tokens = tokens_of(code_of(line));
    return std::any_of(names.begin(), names.end(), [&](const VersionName& n) { return matches(n, tokens); });
  };
  EXPECT_TRUE(hits("  const bool enter = presses(ImGuiKey_Enter) > 0 || presses(ImGuiKey_KeyPadEnter) > 0;"));
  EXPECT_TRUE(hits("using KeyIndex = decltype(ImGui::GetKeyIndex(Tab));"));
  EXPECT_TRUE(hits("  if (ImGui::IsKeyDown(GLFW_KEY_L)) spotlight();"));
  EXPECT_FALSE(hits("  if (io.KeyCtrl && ImGui::IsMouseDown(0)) drag();"));
  EXPECT_FALSE(hits("  ImGui::BeginChild(id, size, false, ImGuiWindowFlags_HorizontalScrollbar);"));
  EXPECT_FALSE(hits("  keys.count({Key::enter, true});  // not ImGuiKey_Enter: GLFW's events"));
  EXPECT_FALSE(hits("  input::KeyMods mods{};"));
}

TEST(ImGuiGuard, NoFileOutsideTheCompatPlaceUsesAVersionSpecificName) {
  const std::vector<VersionName> names = read_list();
  ASSERT_FALSE(names.empty());
  std::string report;
  for (const std::string& use : uses_outside_compat(names)) report += use + "\n";
  EXPECT_TRUE(report.empty()) << "ImGui 1.86 and 1.90 differ here; wrap the call in app/widgets/imgui_compat.*:\n"
                              << report;
}
