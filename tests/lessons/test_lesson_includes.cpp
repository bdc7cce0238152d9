// Issue #28: a chapter stands on its own folder and on what is shared below it, never on another
// chapter. Chapter 5's folder had quietly become the matmul library of chapters 6 and 10; what
// chapters share lives in lessons/common/ now, and this test keeps it that way. Every source file
// under lessons/NN_*/ may include (with quotes) only files of its own chapter folder, lessons/common/,
// the runtime's public headers (cudalab/…), the grader (exercises/…), the catalog (text/…) and the
// framework files at lessons/ root (lesson.h, views.h, …). lessons/common/ itself includes no chapter at all.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

const fs::path kLessons = fs::path(CUDALAB_SOURCE_DIR) / "lessons";

bool is_source(const fs::path& path) {
  const std::string ext = path.extension().string();
  return ext == ".h" || ext == ".hpp" || ext == ".cpp" || ext == ".cu" || ext == ".cuh";
}

bool is_chapter_folder(const std::string& name) {
  return name.size() > 3 && std::isdigit(static_cast<unsigned char>(name[0])) &&
         std::isdigit(static_cast<unsigned char>(name[1])) && name[2] == '_';
}

struct Include {
  int line = 0;
  bool quoted = false;
  std::string name;
};

std::vector<Include> includes_of(const fs::path& file) {
  static const std::regex kInclude(R"(^\s*#\s*include\s*([<"])([^">]+)[">])");
  std::vector<Include> found;
  std::ifstream in(file);
  std::string text;
  for (int line = 1; std::getline(in, text); ++line) {
    std::smatch match;
    if (std::regex_search(text, match, kInclude)) found.push_back({line, match[1] == "\"", match[2]});
  }
  return found;
}

// The top folder under lessons/ that `path` lies in ("05_matmul", "common", …), or "" when it lies
// outside lessons/ or directly at its root.
std::string lessons_folder_of(const fs::path& path) {
  const fs::path relative = path.lexically_normal().lexically_relative(kLessons);
  if (relative.empty() || *relative.begin() == "..") return "";
  return std::distance(relative.begin(), relative.end()) > 1 ? relative.begin()->string() : "";
}

// What is wrong with `include` in `file` (which lies in lessons/`own`/), or "" when nothing is.
std::string problem_with(const fs::path& file, const std::string& own, const Include& include) {
  const fs::path named(include.name);
  const std::string first = named.begin()->string();
  if (include.quoted && fs::exists(file.parent_path() / named)) {
    // Found beside the including file first, as the compiler finds it: it must stay in the folder.
    const std::string folder = lessons_folder_of(file.parent_path() / named);
    return folder == own ? "" : "reaches into lessons/" + folder + "/ by a relative path";
  }
  if (first == "cudalab") return "";  // the runtime's public headers
  if (is_chapter_folder(first))
    return first == own ? "" : "includes another chapter's folder (" + first + "/)";
  if (!include.quoted) return "";  // a system or library header
  if (first == "common" || first == "exercises" || first == "text") return "";
  if (named.has_parent_path()) return "names an unknown folder";
  if (fs::exists(kLessons / named)) return "";  // lessons/lesson.h, views.h, prediction.h, …
  return "names a file found neither beside it nor at lessons/ root";
}

void check_folder(const fs::path& folder, const std::string& own, std::vector<std::string>* problems) {
  for (const auto& entry : fs::recursive_directory_iterator(folder)) {
    if (!entry.is_regular_file() || !is_source(entry.path())) continue;
    for (const Include& include : includes_of(entry.path())) {
      const std::string problem = problem_with(entry.path(), own, include);
      if (!problem.empty())
        problems->push_back(entry.path().lexically_relative(kLessons).string() + ":" + std::to_string(include.line) +
                            ": #include \"" + include.name + "\" " + problem);
    }
  }
}

std::string joined(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  return text;
}

}  // namespace

TEST(LessonIncludes, EveryChapterIncludesOnlyItsOwnFolderAndWhatIsShared) {
  std::vector<std::string> problems;
  int chapters = 0;
  for (const auto& entry : fs::directory_iterator(kLessons)) {
    const std::string name = entry.path().filename().string();
    if (!entry.is_directory() || !is_chapter_folder(name)) continue;
    check_folder(entry.path(), name, &problems);
    ++chapters;
  }
  EXPECT_GE(chapters, 11);  // 00_your_machine … 10_matmul_ladder, and the fault drills
  EXPECT_TRUE(problems.empty()) << joined(problems);
}

TEST(LessonIncludes, CommonIncludesNoChapter) {
  std::vector<std::string> problems;
  check_folder(kLessons / "common", "common", &problems);
  EXPECT_TRUE(problems.empty()) << joined(problems);
}

// The checker itself: a file of chapter 6 naming chapter 5's folder, directly or by a relative
// path, is refused; its own folder, common/ and the framework are not.
TEST(LessonIncludes, TheCheckerRefusesAnotherChapterAndAcceptsWhatIsShared) {
  const fs::path file = kLessons / "06_tiles" / "tiles_lesson.cpp";
  EXPECT_NE(problem_with(file, "06_tiles", {1, true, "05_matmul/kernels.h"}), "");
  EXPECT_NE(problem_with(file, "06_tiles", {1, false, "05_matmul/kernels.h"}), "");
  EXPECT_NE(problem_with(file, "06_tiles", {1, true, "../05_matmul/lesson.md"}), "");
  EXPECT_EQ(problem_with(file, "06_tiles", {1, true, "tiles_steps.h"}), "");
  EXPECT_EQ(problem_with(file, "06_tiles", {1, true, "06_tiles/tiles_steps.h"}), "");
  EXPECT_EQ(problem_with(file, "06_tiles", {1, true, "common/step_table_lesson.h"}), "");
  EXPECT_EQ(problem_with(file, "06_tiles", {1, true, "cudalab/device.h"}), "");
  EXPECT_EQ(problem_with(file, "06_tiles", {1, true, "lesson.h"}), "");
  EXPECT_EQ(problem_with(file, "06_tiles", {1, false, "vector"}), "");
}
