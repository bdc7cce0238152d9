// What the Code tab shows of every chapter: the kernel listing holds no CUDA Lab plumbing and every
// kernel a step names is in it; the whole program is there, a real host program.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "cudalab/files.h"
#include "lesson.h"
#include "widgets/code_listing.h"

using namespace cudalab;
using namespace cudalab::app::widgets;

namespace {

std::string read_file(const std::filesystem::path& path) { return cudalab::read_whole_file(path).value_or(""); }

std::filesystem::path lesson_folder(const lessons::Lesson& lesson) {
  return std::filesystem::path(CUDALAB_SOURCE_DIR) / "lessons" / lesson.folder();
}

}  // namespace

// The listing a student sees for the chapter's kernel file and for each file a step names itself.
static void expect_no_plumbing(const std::string& file_name, const std::vector<CodeLine>& lines) {
  SCOPED_TRACE(file_name);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string& text = lines[i].text;
    EXPECT_EQ(text.find("Trace"), std::string::npos) << "line " << lines[i].number << ": " << text;
    EXPECT_EQ(text.find("trace"), std::string::npos) << "line " << lines[i].number << ": " << text;
    EXPECT_EQ(text.find("cudalab::"), std::string::npos) << "line " << lines[i].number << ": " << text;
    // No `{` directly followed by `}` where lines between them were hidden.
    if (i + 1 < lines.size() && lines[i + 1].number > lines[i].number + 1 && text.ends_with("{")) {
      EXPECT_NE(lines[i + 1].text.find_first_not_of(' '), lines[i + 1].text.find('}'))
          << "an emptied block at line " << lines[i].number;
    }
  }
}

TEST(CodePane, KernelListingsShowNoPlumbingAndHoldEveryKernelAStepNames) {
  for (const auto& lesson : lessons::make_lessons()) {
    if (lesson->kernel_file().empty()) continue;
    SCOPED_TRACE(lesson->id());
    for (const lessons::Step& step : lesson->steps()) {
      const std::string file_name = step.kernel_file.empty() ? lesson->kernel_file() : step.kernel_file;
      const std::string source = read_file(lesson_folder(*lesson) / file_name);
      ASSERT_FALSE(source.empty()) << file_name;
      const auto lines = visible_code_lines(source);
      expect_no_plumbing(file_name, lines);
      for (const std::string& kernel : step.kernels) {
        EXPECT_FALSE(kernel_line_numbers(lines, kernel).empty())
            << "step \"" << step.title << "\" names " << kernel << ", not a __global__ function of " << file_name;
      }
    }
  }
}

TEST(CodePane, EveryStepThatRunsAKernelOfItsChapterNamesOne) {
  for (const auto& lesson : lessons::make_lessons()) {
    if (lesson->kernel_file().empty()) continue;
    SCOPED_TRACE(lesson->id());
    int steps_naming_kernels = 0;
    for (const lessons::Step& step : lesson->steps()) steps_naming_kernels += !step.kernels.empty();
    EXPECT_GT(steps_naming_kernels, 0);
  }
}

TEST(CodePane, EveryCourseChapterHasAWholeProgramWithMainAndLaunchChecks) {
  int programs = 0;
  for (const auto& lesson : lessons::make_lessons()) {
    if (lesson->program_file().empty()) continue;
    SCOPED_TRACE(lesson->id());
    const std::string program = read_file(lesson_folder(*lesson) / lesson->program_file());
    EXPECT_NE(program.find("int main("), std::string::npos);
    EXPECT_NE(program.find("cudaGetLastError()"), std::string::npos);
    EXPECT_NE(program.find("<<<"), std::string::npos);
    EXPECT_EQ(program.find("cudalab"), std::string::npos) << "a whole program stands alone";
    ++programs;
  }
  EXPECT_GE(programs, 7);  // chapters 0 to 6
}
