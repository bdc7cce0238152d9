// Recorded GPU runs, found by chapter and step: what a machine without a GPU shows beside its own
// emulator run. Only good runs of the asked step made on a GPU count; unreadable files are said.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "session/recordings.h"

using namespace cudalab;
using namespace cudalab::app;

namespace {

Run recorded_run(const std::string& lesson, int step, bool on_gpu) {
  Run run;
  run.lesson = lesson;
  run.step = step;
  run.started_at = "2026-11-30T21:40:00Z";
  run.device.backend = on_gpu ? BackendKind::gpu : BackendKind::emulator;
  run.device.name = on_gpu ? "NVIDIA H200" : "CPU emulator";
  run.results["answer"] = 42;
  return run;
}

class RecordingShelfTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = std::filesystem::temp_directory_path() / ("cudalab-recordings-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir / "h200");
  }
  void TearDown() override { std::filesystem::remove_all(dir); }
  void save(const cudalab::Run& run, const std::string& file) { ASSERT_TRUE(save_run(run, (dir / "h200" / file).string()).ok()); }
  std::filesystem::path dir;
};

}  // namespace

TEST_F(RecordingShelfTest, FindsAGpuRunByChapterAndStep) {
  save(recorded_run("hello", 0, true), "hello-1.json");
  RecordingShelf shelf;
  shelf.add_folders_under(dir);
  const cudalab::Run* found = shelf.find("hello", 0);
  ASSERT_NE(found, nullptr);
  EXPECT_EQ(found->results["answer"], 42);
  EXPECT_EQ(shelf.label_of("hello", 0), "recorded on NVIDIA H200, 2026-11-30");
  EXPECT_EQ(shelf.find("hello", 1), nullptr);
  EXPECT_EQ(shelf.find("threads", 0), nullptr);
}

TEST_F(RecordingShelfTest, SkipsEmulatorRunsFailedRunsWrongStepsAndSaysWhatItCouldNotRead) {
  save(recorded_run("hello", 0, false), "hello-1.json");  // the emulator: nothing the live run does not show
  cudalab::Run failed = recorded_run("hello", 1, true);
  failed.status = Status::error(StatusCode::kernel_fault, "illegal address");
  save(failed, "hello-2.json");
  save(recorded_run("hello", 0, true), "hello-3.json");  // named for step 3, holds step 1
  std::ofstream(dir / "h200" / "threads-1.json") << "{ not json";
  RecordingShelf shelf;
  shelf.add_folders_under(dir);
  EXPECT_EQ(shelf.find("hello", 0), nullptr);
  EXPECT_EQ(shelf.find("hello", 1), nullptr);
  EXPECT_EQ(shelf.find("hello", 2), nullptr);
  EXPECT_EQ(shelf.find("threads", 0), nullptr);
  const auto problems = shelf.take_problems();
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].find("threads-1.json"), std::string::npos) << problems[0];
  EXPECT_TRUE(shelf.take_problems().empty()) << "said once";
}

TEST_F(RecordingShelfTest, AFolderGivenByTheTeacherComesBeforeTheShippedOnes) {
  save(recorded_run("hello", 0, true), "hello-1.json");
  std::filesystem::create_directories(dir / "classroom");
  cudalab::Run classroom = recorded_run("hello", 0, true);
  classroom.device.name = "NVIDIA GeForce RTX 4070";
  ASSERT_TRUE(save_run(classroom, (dir / "classroom" / "hello-1.json").string()).ok());
  RecordingShelf shelf({dir / "classroom"});
  shelf.add_folders_under(dir);
  ASSERT_NE(shelf.find("hello", 0), nullptr);
  EXPECT_EQ(shelf.find("hello", 0)->device.name, "NVIDIA GeForce RTX 4070");
}

TEST_F(RecordingShelfTest, ARunOpenedByNameIsFoundEvenFromTheEmulator) {
  RecordingShelf shelf;
  shelf.add_run(recorded_run("tiles", 3, false), "race.json");
  ASSERT_NE(shelf.find("tiles", 3), nullptr);
  EXPECT_EQ(shelf.label_of("tiles", 3), "opened from race.json (CPU emulator, 2026-11-30)");
}
