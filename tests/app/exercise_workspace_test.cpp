// The student's exercise files and progress: saved after a quiet moment and at once when asked,
// loaded back by the next session, reset undoably, and never written in read-only mode.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <thread>

#include "cudalab/files.h"
#include "exercises/exercise.h"
#include "panels/exercise_workspace.h"

namespace cudalab::app {
namespace {

namespace fs = std::filesystem;
namespace ex = lessons::exercises;

class Workspace : public ::testing::Test {
 protected:
  void SetUp() override {
    folder = fs::temp_directory_path() / ("cudalab-workspace-" + std::to_string(::getpid()));
    fs::remove_all(folder);
  }
  void TearDown() override { fs::remove_all(folder); }
  static std::string read(const fs::path& file) { return cudalab::read_whole_file(file).value_or(""); }
  const ex::Exercise& guard = *ex::find_exercise("guard");
  fs::path folder;
};

TEST_F(Workspace, StartsFromTheStarterAndKeepsEditsAcrossSessions) {
  {
    ExerciseWorkspace workspace(folder);
    widgets::CodeText& text = workspace.text(guard);
    EXPECT_EQ(text.text(), std::string(guard.starter()));
    text.set_cursor({0, 0});
    text.paste("// mine\n");
    EXPECT_TRUE(workspace.save_due(std::chrono::milliseconds(0)));
    EXPECT_EQ(read(folder / "guard.cu").rfind("// mine\n", 0), 0u);
    text.type("x");
  }  // closing saves what was unsaved
  ExerciseWorkspace again(folder);
  EXPECT_EQ(again.text(guard).text().rfind("// mine\nx", 0), 0u);
}

TEST_F(Workspace, SavesAfterAQuietMomentNotWhileTyping) {
  ExerciseWorkspace workspace(folder);
  widgets::CodeText& text = workspace.text(guard);
  text.type("a");
  workspace.save_due(std::chrono::milliseconds(200));  // first sight of the edit: not yet
  EXPECT_FALSE(fs::exists(folder / "guard.cu"));
  std::this_thread::sleep_for(std::chrono::milliseconds(250));
  workspace.save_due(std::chrono::milliseconds(200));
  EXPECT_TRUE(fs::exists(folder / "guard.cu"));
}

TEST_F(Workspace, ResetIsUndoableAndProgressPersists) {
  {
    ExerciseWorkspace workspace(folder);
    widgets::CodeText& text = workspace.text(guard);
    text.type("junk");
    workspace.reset_to_starter(guard);
    EXPECT_EQ(text.text(), std::string(guard.starter()));
    EXPECT_TRUE(text.undo());
    EXPECT_NE(text.text().find("junk"), std::string::npos);
    ex::Verdict passed;
    passed.kind = ex::VerdictKind::passed;
    workspace.record_verdict("guard", passed);
    workspace.show_next_hint(guard);
  }
  ExerciseWorkspace again(folder);
  EXPECT_TRUE(again.progress("guard").passed);
  EXPECT_EQ(again.progress("guard").attempts, 1);
  EXPECT_EQ(again.progress("guard").hints_shown, 1);
  EXPECT_FALSE(again.progress("map").passed);
}

TEST_F(Workspace, ReadOnlyWritesNothingAndCorruptProgressIsSaid) {
  {
    ExerciseWorkspace workspace(folder);
    workspace.set_read_only(true);
    workspace.text(guard).type("x");
    workspace.record_verdict("guard", ex::Verdict{});
  }
  EXPECT_FALSE(fs::exists(folder));
  fs::create_directories(folder);
  std::ofstream(folder / "progress.json") << "{ not json";
  ExerciseWorkspace workspace(folder);
  EXPECT_FALSE(workspace.problem().empty());
  EXPECT_EQ(workspace.progress("guard").attempts, 0);
}

}  // namespace
}  // namespace cudalab::app
