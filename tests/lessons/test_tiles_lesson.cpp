// Chapter 6 headless: every step run for real; tiles and barriers checked in the trace; the broken
// kernels' damage shown; traffic counted; the race's rows checked; bad input refused in words. Run
// twice (one binary): on the emulator, and as gpu.* on a GPU (label gpu).
#include <gtest/gtest.h>

#include <string>

#include <fmt/format.h>

#include "06_tiles/tiles_steps.h"
#include "cudalab/buffer.h"
#include "lesson.h"
#include "lesson_test_support.h"

using namespace cudalab;
using namespace cudalab::lessons;
using namespace cudalab::lessons::lesson_tests;

namespace {

constexpr int kTileStep = 0, kTrafficStep = 1, kRaggedStep = 2, kRaceStep = 3;

struct TilesLesson : ChapterTest {
  TilesLesson() : ChapterTest("tiles") {}
};

}  // namespace

TEST_F(TilesLesson, TilesStepByStepWithBothBarriers) {
  cudalab::Run run = run_step(kTileStep, {"n=20", "tile=8", "block_x=1", "block_y=2", "k_step=1"});
  ASSERT_TRUE(run.status.ok()) << run.status.describe();
  EXPECT_EQ(run.results["steps"], 3);
  EXPECT_TRUE(run.results["wrong"].empty());
  EXPECT_EQ(run.results["early_starts_all_blocks"], 0);
  EXPECT_EQ(run.results["late_finishes_all_blocks"], 0);
  // Block (1, 2) owns rows 16..19 (of 20) and columns 8..15: per step, 4 × 8 slots of A and 8 × 8
  // of B lie inside the matrices at steps 0 and 1, fewer at step 2.
  const auto& per_step = run.results["per_step"];
  ASSERT_EQ(per_step.size(), 3u);
  EXPECT_EQ(per_step[0]["loads"], 4 * 8 + 8 * 8);
  EXPECT_EQ(per_step[2]["loads"], 4 * 4 + 4 * 8);
  for (const auto& step : per_step) EXPECT_EQ(step["loads"].get<int>() + step["padded"].get<int>(), 2 * 64);
  auto views = lesson->views(kTileStep, run);
  const auto* grid = find_views<CellGridView>(views).at(0);
  int bright_a = 0, bright_b = 0;
  for (const auto& cell : grid->cells) {
    bright_a += cell.group == 0 && cell.shade == 1.f;
    bright_b += cell.group == 1 && cell.shade == 1.f;
  }
  EXPECT_EQ(bright_a, 4 * 8);  // tile_a at step 1: rows 16..19, columns 8..15
  EXPECT_EQ(bright_b, 8 * 8);  // tile_b at step 1: rows 8..15, columns 8..15
  const auto* facts = find_views<FactsView>(views).at(0);
  EXPECT_EQ(fact(*facts, "wrong elements of C"), "0 of 400");
}

TEST_F(TilesLesson, WithoutABarrierTheEmulatorShowsTheDamage) {
  CUDALAB_EMULATOR_ONLY("a GPU may hide a missing barrier");
  cudalab::Run without_first = run_step(kTileStep, {"n=32", "tile=8", "barriers=without_barrier_1"});
  ASSERT_TRUE(without_first.status.ok()) << without_first.status.describe();
  EXPECT_GT(without_first.results["early_starts_all_blocks"].get<int>(), 0);
  EXPECT_GT(without_first.results["wrong"].size(), 32u * 32u / 2);
  cudalab::Run without_second = run_step(kTileStep, {"n=32", "tile=8", "barriers=without_barrier_2"});
  ASSERT_TRUE(without_second.status.ok()) << without_second.status.describe();
  EXPECT_GT(without_second.results["late_finishes_all_blocks"].get<int>(), 0);
  EXPECT_GT(without_second.results["wrong"].size(), 32u * 32u / 2);
  auto views = lesson->views(kTileStep, without_second);
  int crosses = 0;
  for (const auto& cell : find_views<CellGridView>(views).at(0)->cells) crosses += cell.label == "×";
  EXPECT_EQ(crosses, static_cast<int>(without_second.results["wrong"].size()));
  // With a single k-step there is nothing for barrier 2 to protect: the answer is right.
  cudalab::Run one_step = run_step(kTileStep, {"n=8", "tile=8", "block_x=0", "barriers=without_barrier_2"});
  ASSERT_TRUE(one_step.status.ok()) << one_step.status.describe();
  EXPECT_TRUE(one_step.results["wrong"].empty());
}

// On a GPU the broken kernel often gets lucky; the step then also runs it on the emulator, whose
// wrong elements are drawn beside the GPU's own.
TEST_F(TilesLesson, AMissingBarrierIsShownEvenWhenTheGpuGetsLucky) {
  cudalab::Run run = run_step(kTileStep, {"n=32", "tile=8", "barriers=without_barrier_1"});
  ASSERT_TRUE(run.status.ok()) << run.status.describe();
  const std::size_t wrong_here = run.results["wrong"].size();
  std::size_t wrong_on_emulator = 0;
  if (device->is_gpu()) {
    ASSERT_TRUE(run.results.contains("emulator"));
    wrong_on_emulator = run.results["emulator"]["wrong"].size();
    EXPECT_GT(wrong_on_emulator, 32u * 32u / 2);
    EXPECT_GT(run.results["emulator"]["early_starts_all_blocks"].get<int>(), 0);
  } else {
    EXPECT_FALSE(run.results.contains("emulator")) << "the emulator's own run is the one shown";
    EXPECT_GT(wrong_here, 32u * 32u / 2);
  }
  auto views = lesson->views(kTileStep, run);
  int marked = 0;
  for (const auto& cell : find_views<CellGridView>(views).at(0)->cells) marked += cell.group == 3 || cell.group == 4;
  EXPECT_GE(marked, static_cast<int>(std::max(wrong_here, wrong_on_emulator)));
}

TEST_F(TilesLesson, TrafficCountedFromTheTrace) {
  cudalab::Run run = run_step(kTrafficStep, {"n=64", "tile=16"});
  ASSERT_TRUE(run.status.ok()) << run.status.describe();
  EXPECT_EQ(run.results["counted_n"], 64);
  EXPECT_EQ(run.results["counted_naive"], 2 * 64);
  EXPECT_EQ(run.results["counted_shared"], 2 * 64 / 16);
  EXPECT_DOUBLE_EQ(run.results["loads_naive"].get<double>(), 2.0 * 64 * 64 * 64);
  EXPECT_DOUBLE_EQ(run.results["loads_shared"].get<double>(), 2.0 * 64 * 64 * 4);
  EXPECT_EQ(run.results["naive"]["outcome"], "measured");
  EXPECT_EQ(run.results["shared"]["outcome"], "measured");
  auto views = lesson->views(kTrafficStep, run);
  const auto* facts = find_views<FactsView>(views).at(0);
  EXPECT_EQ(fact(*facts, "loads cut by"), "16.0× (the tile edge)");
  ASSERT_EQ(find_views<TableView>(views).at(0)->rows.size(), 2u);
}

TEST_F(TilesLesson, SizesThatDontFitArePaddedAndGuarded) {
  for (auto [n, tile] : {std::pair{20, 8}, std::pair{1, 32}, std::pair{33, 16}, std::pair{16, 16}}) {
    SCOPED_TRACE(fmt::format("n = {}, tile {}", n, tile));
    cudalab::Run run = run_step(kRaggedStep, {fmt::format("n={}", n), fmt::format("tile={}", tile)});
    ASSERT_TRUE(run.status.ok()) << run.status.describe();
    const long long blocks = (n + tile - 1) / tile, side = blocks * tile;
    EXPECT_EQ(run.results["threads_launched"].get<long long>(), side * side);
    EXPECT_EQ(run.results["writes"].get<long long>(), 1LL * n * n);
    // Every thread fills one slot of each tile per step: 2 · side² · blocks slots, of which the
    // in-range ones (each element of A and B once per block along the other side) are copies.
    EXPECT_EQ(run.results["loads"].get<long long>(), 2LL * n * n * blocks);
    EXPECT_EQ(run.results["padded"].get<long long>(), 2 * side * side * blocks - 2LL * n * n * blocks);
    EXPECT_EQ(run.results["wrong"], 0);
    auto views = lesson->views(kRaggedStep, run);
    const auto* facts = find_views<FactsView>(views).at(0);
    EXPECT_EQ(fact(*facts, "threads with none"), std::to_string(side * side - 1LL * n * n));
  }
}

TEST_F(TilesLesson, TheRaceMeasuresEveryFunction) {
  cudalab::Run run = run_step(kRaceStep, {"n=96", "tile=16"});
  ASSERT_TRUE(run.status.ok()) << run.status.describe();
  const auto& rows = run.results["rows"];
  ASSERT_EQ(rows.size(), 7u);
  for (const auto& row : rows) {
    SCOPED_TRACE(row["name"].get<std::string>());
    if (row["label"] == "cuBLAS" && row["outcome"] == "skipped") {
      EXPECT_FALSE(row["note"].get<std::string>().empty());
      continue;
    }
    ASSERT_EQ(row["outcome"], "measured") << row["note"];
    EXPECT_GT(row["gflops"].get<double>(), 0);
    EXPECT_LE(row["error"].get<double>(), 1e-5);
  }
  auto views = lesson->views(kRaceStep, run);
  const auto* table = find_views<TableView>(views).at(0);
  ASSERT_EQ(table->rows.size(), 7u);
  EXPECT_EQ(table->rows[0][0], "cpu_mat_mul, -O0");  // the same loop, optimizer off, comes first
  EXPECT_EQ(table->rows[1][4], "1×");                // the triple loop against itself
  // The tutorial's cpu_mat_mul_jit point, measured: what the optimizer buys, in words.
  EXPECT_NE(fact(*find_views<FactsView>(views).at(0), "what the compiler buys").find("faster built with optimization"),
            std::string::npos);
  const auto* chart = find_views<ChartView>(views).at(0);
  EXPECT_TRUE(chart->log_y);
  EXPECT_EQ(chart->kind, ChartView::Kind::bar);
  if (!lesson_test_on_gpu()) {
  EXPECT_EQ(rows[6]["outcome"], "skipped");  // no cuBLAS on the emulator, said in words
  EXPECT_NE(rows[6]["note"].get<std::string>().find("emulator"), std::string::npos);
  EXPECT_EQ(table->rows[6][1], "—");  // no time for a row that did not run; the reason ends the row
  EXPECT_NE(table->rows[6].back().find("emulator"), std::string::npos);
  EXPECT_EQ(fact(*find_views<FactsView>(views).at(0), "GPU rows"), "run on the CPU emulator: CPU times, not GPU times");
  }
}

TEST_F(TilesLesson, TheRaceTableFillsInAsResultsArrive) {
  RunControl control;
  std::vector<int> measured_rows_seen;
  control.on_partial = [&](const cudalab::Run& partial) {
    int measured = 0;
    for (const auto& row : partial.results["rows"]) measured += row["outcome"] != "cancelled";
    measured_rows_seen.push_back(measured);
    EXPECT_FALSE(lesson->views(kRaceStep, partial).empty()) << "every partial race can be drawn";
  };
  cudalab::Run run = run_step(kRaceStep, {"n=48"}, &control);
  ASSERT_TRUE(run.status.ok()) << run.status.describe();
  ASSERT_EQ(measured_rows_seen.size(), 7u);  // one hand-over per function raced
  for (std::size_t i = 0; i < measured_rows_seen.size(); ++i) EXPECT_EQ(measured_rows_seen[i], int(i) + 1);
}

TEST_F(TilesLesson, AStoppedRaceKeepsItsRowsAndSaysSo) {
  RunControl control;
  control.cancel = true;
  cudalab::Run run = run_step(kRaceStep, {"n=64"}, &control);
  EXPECT_EQ(run.status.code, StatusCode::cancelled);
  ASSERT_EQ(run.results["rows"].size(), 7u);
  for (const auto& row : run.results["rows"]) EXPECT_EQ(row["outcome"], "cancelled");
  EXPECT_FALSE(lesson->views(kRaceStep, run).empty()) << "a stopped race still shows its table";
}

TEST_F(TilesLesson, BadInputIsRefusedInWordsAndTheAppRunsOn) {
  cudalab::Run run = run_step(kTileStep, {"tile=64"});
  EXPECT_EQ(run.status.code, StatusCode::invalid_config);
  EXPECT_NE(run.status.message.find("at most 1024 threads per block"), std::string::npos) << run.status.message;
  run = run_step(kRaceStep, {"tile=64"});
  EXPECT_EQ(run.status.code, StatusCode::invalid_config);
  run = run_step(kTileStep, {"n=16", "tile=8", "k_step=2"});
  EXPECT_EQ(run.status.code, StatusCode::invalid_argument);
  EXPECT_NE(run.status.message.find("k-steps 0 to 1"), std::string::npos) << run.status.message;
  // Values from a caller that bypasses the sliders are checked too.
  Lesson* chapter = nullptr;
  for (auto& l : lessons)
    if (l->id() == "tiles") chapter = l.get();
  ASSERT_NE(chapter, nullptr);
  auto steps = chapter->steps();
  RunControl control;
  ParamValues values = defaults(steps[kRaceStep]);
  for (double bad : {0.0, 46000.0, 100.5}) {
    values["n"] = bad;
    run = chapter->run(kRaceStep, values, *device, control);
    EXPECT_EQ(run.status.code, StatusCode::invalid_argument) << bad;
    EXPECT_NE(run.status.message.find("out of range: allowed 1 to 8192"), std::string::npos) << run.status.message;
  }
  // Too large for the memory the device has left: take nearly all of it first, then ask for a race.
  {
    Buffer<char> hog;
    ASSERT_TRUE(Buffer<char>::create(*device, device->free_memory() - (64u << 20), &hog).ok());
    run = run_step(kRaceStep, {"n=4096"});
    EXPECT_EQ(run.status.code, StatusCode::out_of_memory) << run.status.describe();
    EXPECT_NE(run.status.message.find("A, B and C of 4096 × 4096 floats need 192 MiB of device memory"), std::string::npos)
        << run.status.message;
  }
  run = run_step(kRaggedStep);
  EXPECT_TRUE(run.status.ok()) << run.status.describe();
}
