// "Save as .cu" writes a chapter's program as one file that builds where it is saved
// (app/session/standalone_program.h): chapter 10's program includes its rung files.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include "session/standalone_program.h"

namespace fs = std::filesystem;
using cudalab::app::standalone_program;

namespace {

std::size_t count_of(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

void write(const fs::path& path, const std::string& text) { std::ofstream(path) << text; }

}  // namespace

TEST(StandaloneProgram, EveryChaptersProgramIncludesNoFileOfItsFolder) {
  int programs = 0;
  for (const auto& entry : fs::directory_iterator(fs::path(CUDALAB_SOURCE_DIR) / "lessons")) {
    const fs::path program = entry.path() / "program.cu";
    if (!fs::exists(program)) continue;
    ++programs;
    const auto standalone = standalone_program(program);
    EXPECT_EQ(standalone.problem, "") << program;
    EXPECT_EQ(count_of(standalone.text, "#include \""), 0u) << program;
    EXPECT_EQ(count_of(standalone.text, "#pragma once"), 0u) << program;
  }
  EXPECT_GE(programs, 11);
}

TEST(StandaloneProgram, TheLaddersRungsAreWrittenInEachOnce) {
  const auto standalone = standalone_program(fs::path(CUDALAB_SOURCE_DIR) / "lessons/10_matmul_ladder/program.cu");
  ASSERT_EQ(standalone.problem, "");
  for (const char* header : {"rung_1d_tiling.cuh", "rung_tf32_mma.cuh", "who_writes.cuh", "float4_access.cuh"}) {
    EXPECT_EQ(count_of(standalone.text, std::string("// ---- ") + header + " "), 1u) << header;
    EXPECT_NE(std::find(standalone.written_in.begin(), standalone.written_in.end(), header), standalone.written_in.end());
  }
  // Written in before the program's own code that uses them.
  EXPECT_LT(standalone.text.find("// ---- who_writes.cuh"), standalone.text.find("int main("));
  EXPECT_NE(standalone.text.find("#include <cuda_runtime.h>"), std::string::npos);  // system headers stay
}

TEST(StandaloneProgram, AMissingHeaderIsSaidAndNothingLoops) {
  const fs::path dir = fs::temp_directory_path() / ("standalone_test_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  write(dir / "a.cu", "#include \"b.h\"\n#include \"b.h\"\nint main() {}\n");
  write(dir / "b.h", "#pragma once\n  #  include \"a.cu\"\nint b;\n");  // includes the program back
  auto standalone = standalone_program(dir / "a.cu");
  EXPECT_EQ(standalone.problem, "");
  EXPECT_EQ(count_of(standalone.text, "int b;"), 1u);
  EXPECT_EQ(count_of(standalone.text, "int main() {}"), 1u);
  write(dir / "a.cu", "#include \"missing.h\"\n");
  standalone = standalone_program(dir / "a.cu");
  EXPECT_NE(standalone.problem.find("missing.h"), std::string::npos) << standalone.problem;
  fs::remove_all(dir);
}
