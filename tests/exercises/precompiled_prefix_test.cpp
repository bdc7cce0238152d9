// The exercise prefix the build precompiled (lessons/exercises/precompiled_prefix.h,
// cmake/ExercisePrefix.cmake): the emulator's compiler, with the emulator's own options, takes the
// .gch instead of reading the headers (the options drift apart, and every check is slower again:
// nothing else would notice), and a folder from another build is never used.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "cudalab/files.h"
#include "cudalab/jit.h"
#include "exercises/precompiled_prefix.h"

namespace cudalab::lessons::exercises {
namespace {

namespace fs = std::filesystem;

std::string read(const fs::path& file) { return cudalab::read_whole_file(file).value_or(""); }

TEST(PrecompiledPrefix, TheBuildsFolderCarriesThisExecutablesStamp) {
  ASSERT_TRUE(fs::exists(fs::path(CUDALAB_JIT_DIR) / "stamp")) << CUDALAB_JIT_DIR;
  EXPECT_EQ(read(fs::path(CUDALAB_JIT_DIR) / "stamp"), exercise_prefix_stamp());
  use_precompiled_prefix(CUDALAB_JIT_DIR);
  EXPECT_EQ(precompiled_prefix_folder(), CUDALAB_JIT_DIR);
  // The race detector's steps, compiled beside it for every check to link (#32).
  EXPECT_EQ(precompiled_race_steps(), (fs::path(CUDALAB_JIT_DIR) / "race_runtime.o").string());
}

TEST(PrecompiledPrefix, AFolderFromAnotherBuildIsNotUsed) {
  const fs::path other = fs::path(::testing::TempDir()) / "other-jit";
  fs::create_directories(other);
  std::ofstream(other / "stamp") << "a stamp of another build";
  std::ofstream(other / "race_runtime.o") << "another build's steps";
  use_precompiled_prefix(other);
  EXPECT_EQ(precompiled_prefix_folder(), "");
  EXPECT_EQ(precompiled_race_steps(), "");
  use_precompiled_prefix(other / "missing");
  EXPECT_EQ(precompiled_prefix_folder(), "");
}

TEST(PrecompiledPrefix, TheEmulatorsCompilerTakesTheGch) {
  const fs::path folder = CUDALAB_JIT_DIR;
  if (!CUDALAB_PREFIX_PRECOMPILED) GTEST_SKIP() << "the build's compiler is not g++: nothing precompiled";
  ASSERT_TRUE(fs::exists(folder / "exercise_prefix.cuh.gch")) << "the build made no .gch (see its warning)";
  const fs::path work = fs::path(::testing::TempDir()) / "prefix-use";
  fs::create_directories(work);
  std::ofstream(work / "unit.cpp") << "#include \"exercise_prefix.cuh\"\nint main() { return 0; }\n";
  // As runtime/emu/emu_jit.cpp runs it: c++ on PATH, its code-shaping options; -H lists what the
  // compiler read, "! file.gch" for a precompiled header it took.
  std::string command = "c++";
  for (const std::string& flag : emu_jit_code_flags("c++")) command += " " + flag;
  command += " -fsyntax-only -H -I " + folder.string() + " " + (work / "unit.cpp").string() + " 2> " + (work / "read.txt").string();
  ASSERT_EQ(std::system(command.c_str()), 0) << command << "\n" << read(work / "read.txt");
  const std::string listed = read(work / "read.txt");
  EXPECT_NE(listed.find("! " + (folder / "exercise_prefix.cuh.gch").string()), std::string::npos) << listed.substr(0, 2000);
  EXPECT_EQ(listed.find("cuda_emu.h"), std::string::npos) << "the headers were read again:\n" << listed.substr(0, 2000);
}

}  // namespace
}  // namespace cudalab::lessons::exercises
