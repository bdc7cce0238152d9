// Chapter 0 headless on the emulator: real facts, and a real kernel recording where blocks ran.
#include <gtest/gtest.h>

#include <set>

#include "lesson.h"
#include "lesson_test_support.h"

using namespace cudalab;
using namespace cudalab::lessons;
using namespace cudalab::lessons::lesson_tests;

namespace {

struct Chapter : ChapterTest {
  Chapter() : ChapterTest("machine") {}
  void SetUp() override {
    ChapterTest::SetUp();
    ASSERT_TRUE(select_step(lessons, "machine", 0, {}, &selection).ok());
  }
  StepSelection selection;
};

}  // namespace

TEST_F(Chapter, FactsNameTheHostAndTheActiveDevice) {
  cudalab::Run run = run_step(0);
  ASSERT_TRUE(run.status.ok()) << run.status.describe();
  EXPECT_EQ(run.lesson, "machine");
  EXPECT_FALSE(run.results["host"]["cpu"].get<std::string>().empty());
  EXPECT_GT(run.results["host"]["cores"].get<int>(), 0);
  EXPECT_EQ(run.results["active"]["name"], "CPU emulator");
  auto views = selection.lesson->views(0, run);
  ASSERT_GE(views.size(), 3u);
  const auto* table = std::get_if<TableView>(&views.back());
  ASSERT_NE(table, nullptr);
  EXPECT_EQ(table->rows.size(), 17u);
  // The resident limits the occupancy chapter builds on: the emulator runs one block per worker.
  const auto row = [&](const std::string& name) {
    for (const auto& r : table->rows)
      if (r.front() == name) return r.back();
    return std::string("(no row ") + name + ")";
  };
  EXPECT_EQ(row("max blocks per SM"), "1 (per worker)");
  EXPECT_EQ(row("max threads per SM"), "1024 (one block at a time per worker)");
  EXPECT_EQ(run.results["active"]["max_blocks_per_sm"], 1);
  const auto* grid = std::get_if<CellGridView>(&views.front());
  ASSERT_NE(grid, nullptr);
  EXPECT_EQ(static_cast<int>(grid->cells.size()), device->facts().sm_count);
}

TEST_F(Chapter, EveryBlockRecordsWhereItRanExactlyOnce) {
  cudalab::Run run = run_step(1, {"blocks_per_grid=96", "threads_per_block=64"});
  ASSERT_TRUE(run.status.ok()) << run.status.describe();
  ASSERT_EQ(run.trace.size(), 96u);
  EXPECT_EQ(run.trace_overflow, 0u);
  std::set<unsigned> blocks;
  for (const auto& e : run.trace) {
    blocks.insert(e.block);
    EXPECT_EQ(e.thread, 0u);  // only the first thread of each block records
    EXPECT_LT(e.sm, 2u);      // two emulator workers
  }
  EXPECT_EQ(blocks.size(), 96u);
  EXPECT_EQ(*blocks.rbegin(), 95u);
  ASSERT_EQ(run.timings.size(), 1u);
  EXPECT_EQ(run.timings[0].source, TimingSource::emulator_clock);
  EXPECT_GE(run.timings[0].ms, 0.0);
  auto views = selection.lesson->views(1, run);
  const auto* grid = std::get_if<CellGridView>(&views.front());
  ASSERT_NE(grid, nullptr);
  int blocks_drawn = 0;
  for (const auto& c : grid->cells) blocks_drawn += std::stoi(c.label);
  EXPECT_EQ(blocks_drawn, 96);
}

TEST_F(Chapter, ARunSurvivesAJsonRoundTrip) {
  cudalab::Run run = run_step(1, {"blocks_per_grid=8"});
  ASSERT_TRUE(run.status.ok()) << run.status.describe();
  cudalab::Run loaded;
  ASSERT_TRUE(from_json(to_json(run), &loaded).ok());
  // Views of a loaded run (recorded elsewhere) are the same pictures.
  auto views = selection.lesson->views(1, loaded);
  const auto* grid = std::get_if<CellGridView>(&views.front());
  ASSERT_NE(grid, nullptr);
  int blocks_drawn = 0;
  for (const auto& c : grid->cells) blocks_drawn += std::stoi(c.label);
  EXPECT_EQ(blocks_drawn, 8);
}
