// Chapter 10, the matmul ladder as a chapter: who computes what is traced from the real kernels
// (and agrees with each rung's index arithmetic), the arithmetic intensity is counted right, every
// rung step's contenders are checked against float64, and the whole ladder names its fastest rung.
// The same binary runs on the emulator and, as gpu.*, on a GPU.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <iterator>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "10_matmul_ladder/ladder.h"
#include "10_matmul_ladder/ladder_steps.h"
#include "10_matmul_ladder/writers_trace.h"
#include "lesson_test_support.h"

using namespace cudalab;
using namespace cudalab::lessons;
using namespace cudalab::lessons::ladder;
using namespace cudalab::lessons::lesson_tests;

namespace {
struct LadderLesson : ChapterTest {
  LadderLesson() : ChapterTest("ladder") {}
};
constexpr int kRungStepCount = 8;
}  // namespace

TEST(LadderIntensity, IsCountedFromTheTileShape) {
  EXPECT_DOUBLE_EQ(arithmetic_intensity(128, 128, 8, 256), 32.0);  // BM·BN / (2 (BM + BN))
  EXPECT_DOUBLE_EQ(arithmetic_intensity(64, 64, 8, 256), 16.0);
  EXPECT_DOUBLE_EQ(arithmetic_intensity(32, 32, 32, 1024), 8.0);  // chapter 6: T / 4
  EXPECT_NEAR(arithmetic_intensity(128, 64, 8, 4096), 128.0 * 64 / (2 * 192), 1e-9);
  // Ragged: the partial tiles are counted whole. n = 130: 2 × 2 blocks, 17 steps of BK = 8.
  EXPECT_NEAR(arithmetic_intensity(128, 128, 8, 130), 2.0 * 130 * 130 * 130 / (4 * 17 * (128 + 128) * 8 * 4.0), 1e-9);
}

// Every FP32 instance, traced at a ragged size: every element of C has exactly the writer its
// rung's layout gives, every thread of a whole block computes the same number of elements, and a
// normal run afterwards stores sums again.
TEST(LadderWriters, EveryElementHasOneWriterAndEveryThreadItsShare) {
  std::unique_ptr<Device> emulator;
  ASSERT_TRUE(open_device(BackendRequest::emulator, &emulator, 0, 2).ok());
  for (const LadderKernel& kernel : ladder_kernels()) {
    if (!check_ladder_kernel(*emulator, kernel).ok()) continue;  // the tensor cores': a model (below)
    SCOPED_TRACE(kernel.key);
    const int m = kernel.bm + 5, n = kernel.bn + 3, k = 2 * kernel.bk + 1;
    Writers writers;
    ASSERT_TRUE(trace_writers(kernel, m, n, k, &writers).ok());
    ASSERT_TRUE(writers.traced);
    std::map<int, int> elements_of;  // thread of block (0, 0) → elements it wrote
    for (int row = 0; row < m; ++row)
      for (int col = 0; col < n; ++col) {
        const Writers::Writer w = writers.at(row, col);
        ASSERT_GE(w.thread, 0) << "C(" << row << ", " << col << ") was written by no thread";
        ASSERT_LT(w.thread, int(kernel.threads_per_block()));
        if (w.block_x == 0 && w.block_y == 0) ++elements_of[w.thread];
      }
    // A whole block tile: BM × BN elements, the same share for every thread.
    ASSERT_EQ(elements_of.size(), kernel.threads_per_block());
    const int share = kernel.bm * kernel.bn / int(kernel.threads_per_block());
    for (const auto& [thread, count] : elements_of) EXPECT_EQ(count, share) << "thread " << thread;
  }
}

TEST(LadderWriters, FollowEachRungsIndexArithmetic) {
  // Rung 1 (64 × 64, TM 8): thread t computes column t % 64, rows (t / 64) · 8 … + 7.
  const LadderKernel& one = *find_ladder_kernel("tiling_1d_64x64x8_tm8");
  Writers writers;
  ASSERT_TRUE(trace_writers(one, 64, 64, 8, &writers).ok());
  for (int t : {0, 1, 63, 64, 511})
    for (int r = 0; r < 8; ++r) EXPECT_EQ(writers.at((t / 64) * 8 + r, t % 64).thread, t);
  // Rung 2 (128 × 128, 8 × 8): thread t's patch starts at row (t / 16) · 8, column (t % 16) · 8.
  const LadderKernel& two = *find_ladder_kernel("tiling_2d_128x128x8_8x8");
  ASSERT_TRUE(trace_writers(two, 128, 128, 8, &writers).ok());
  for (int t : {0, 17, 255})
    for (int r = 0; r < 8; ++r)
      for (int c = 0; c < 8; ++c) EXPECT_EQ(writers.at((t / 16) * 8 + r, (t % 16) * 8 + c).thread, t);
}

TEST(LadderWriters, TheSwitchIsOffOutsideTheTrace) {
  const LadderKernel& kernel = *default_kernel(Rung::tiling_2d);
  Writers writers;
  ASSERT_TRUE(trace_writers(kernel, 32, 32, 8, &writers).ok());
  std::unique_ptr<Device> emulator;
  ASSERT_TRUE(open_device(BackendRequest::emulator, &emulator, 0, 2).ok());
  const std::vector<float> a(32 * 8, 1.0f), b(8 * 32, 2.0f);
  std::vector<float> c(32 * 32, 0.0f);
  ASSERT_TRUE(ladder_mat_mul(*emulator, kernel, a.data(), b.data(), c.data(), 32, 32, 8).ok());
  for (float value : c) ASSERT_EQ(value, 16.0f);  // 8 products of 1 × 2, not a thread's number
}

TEST(LadderWriters, TheTf32ModelGivesEachWarpItsTile) {
  const LadderKernel& kernel = *default_kernel(Rung::tf32_wmma);
  const Writers writers = model_warp_tiles(kernel, kernel.bm, kernel.bn);
  EXPECT_FALSE(writers.traced);
  const int warps_across = kernel.bn / kernel.wn;
  for (int row = 0; row < kernel.bm; row += 7)
    for (int col = 0; col < kernel.bn; col += 5)
      EXPECT_EQ(writers.at(row, col).warp, (row / kernel.wm) * warps_across + col / kernel.wn);
}

// Rung 8's picture is exact: wgmma's layout of the sums says which thread holds each element.
// Each consumer thread holds BN / 2 of the block's tile, the producer warp group none; spot checks
// from the PTX manual's figure: rows 16w … of a warp group belong to its warp w, lane 4 · (row % 8)
// + (col % 8) / 2.
TEST(LadderWgmmaModel, EveryConsumerThreadHoldsItsShareAndTheLayoutIsWgmmas) {
  const LadderKernel& kernel = *default_kernel(Rung::tf32_wgmma);
  ASSERT_EQ(kernel.bm, 128);
  ASSERT_EQ(kernel.bn, 256);
  const Writers writers = model_warp_tiles(kernel, kernel.bm, kernel.bn);
  std::map<int, int> held;
  for (int row = 0; row < kernel.bm; ++row)
    for (int col = 0; col < kernel.bn; ++col) ++held[writers.at(row, col).thread];
  EXPECT_EQ(held.size(), std::size_t(kernel.bm / 64 * 128));  // every consumer thread, no producer
  for (const auto& [thread, count] : held) EXPECT_EQ(count, kernel.bn / 2) << "thread " << thread;
  EXPECT_EQ(writers.at(0, 0).thread, 0);
  EXPECT_EQ(writers.at(0, 1).thread, 0);
  EXPECT_EQ(writers.at(8, 9).thread, 0);     // rows r and r + 8, columns 2q and 2q + 1 of every 8
  EXPECT_EQ(writers.at(3, 5).thread, 14);    // lane 4 · 3 + 2
  EXPECT_EQ(writers.at(17, 250).thread, 37); // warp 1, lane 4 · 1 + 1
  EXPECT_EQ(writers.at(64, 0).thread, 128);  // the second warp group
}

TEST_F(LadderLesson, EveryRungStepChecksItsContendersAndDrawsItsTile) {
  for (int step = 0; step < kRungStepCount; ++step) {
    cudalab::Run run = run_step(step, {"n=96", "thread=3"});
    SCOPED_TRACE(lesson->steps()[std::size_t(step)].title);
    ASSERT_TRUE(run.status.ok()) << run.status.describe();
    const auto& r = run.results;
    EXPECT_GT(r["intensity"].get<double>(), 0);
    const int bm = r["bm"], bn = r["bn"];
    ASSERT_EQ(r["writers_tile"].size(), std::size_t(bm * bn));
    ASSERT_EQ(r["contenders"].size(), step >= 5 ? 4u : 3u);
    const auto& self = r["contenders"][1];
    // Rungs 6 and 7 need tensor cores (8.0), rung 8 Hopper's wgmma and TMA (9.0).
    const int needs_major = step == 7 ? 9 : 8;
    const bool runs_here = step < 5 || (device->is_gpu() && (step == 7 ? device->facts().cc_major == 9
                                                                        : device->facts().cc_major >= 8));
    EXPECT_EQ(self["measured"].get<bool>(), runs_here) << self["note"];
    if (runs_here) EXPECT_TRUE(self["right"].get<bool>()) << self["note"];
    else EXPECT_NE(self["note"].get<std::string>().find(fmt::format("compute capability {}.0", needs_major)),
                   std::string::npos) << self["note"];
    if (r["contenders"][0]["measured"].get<bool>()) EXPECT_TRUE(r["contenders"][0]["right"].get<bool>());
    const auto views = lesson->views(step, run);
    const CellGridView* grid = find_view<CellGridView>(views);
    ASSERT_NE(grid, nullptr);
    EXPECT_EQ(grid->cells.size(), std::size_t(bm * bn));
    // The followed thread's cells are the bright ones (traced rungs), and there are TM × TN of them.
    if (r["writers_traced"].get<bool>()) {
      const auto bright = std::count_if(grid->cells.begin(), grid->cells.end(), [](const auto& c) { return c.shade == 1.f; });
      EXPECT_EQ(bright, bm * bn / r["threads_per_block"].get<int>());
    }
    ASSERT_NE(find_view<FactsView>(views), nullptr);
  }
}

// Each rung asks its own question (issue #30), answered by counting the default shape, worked out
// here by hand from kernels.h: rung 2 reads TM + TN = 8 + 8 values per k-step; rung 3's 256
// threads load 128 × 8 / 4 float4s of A and as many of B per tile, one each; rung 4's 128 × 128
// tile in 64 × 64 warp tiles is 4 warps; rung 5 keeps 2 tiles; one TF32 WMMA is 16 · 16 · 8
// multiply-adds; rung 7's 4 stages of (128 × (16 + 4) + 16 × (128 + 8)) floats are 74 KiB, or, on a
// GPU that holds them, the 128 × 256 shape's 3 stages of (128 × (32 + 4) + 32 × (256 + 8)) floats,
// 153 KiB (tuning.cpp: untuned_kernel); rung 8's warp group holds a 64 × 256 tile in its 128
// threads, 128 sums each. The steps' default shapes are read without a tuning file.
TEST_F(LadderLesson, EachRungAsksItsOwnQuestionAndItsRunAnswersIt) {
  const std::pair<const char*, double> expected[] = {{"intensity", 0},  // counted elsewhere
                                                     {"shared_reads_per_k", 16},    {"float4_loads_per_tile", 2},
                                                     {"warps_per_block", 4},        {"tiles_in_shared", 2},
                                                     {"multiply_adds_per_mma", 2048}, {"shared_kib", 74},
                                                     {"sums_per_thread", 128}};
  std::pair<const char*, double> expected_here[std::size(expected)];
  std::copy(std::begin(expected), std::end(expected), expected_here);
  const LadderKernel* wide = find_ladder_kernel("mma_128x256x32_w64x64_3stage");
  ASSERT_NE(wide, nullptr);
  if (device->is_gpu() && check_ladder_kernel(*device, *wide).ok()) expected_here[6].second = 153;
  const ScopedEnv no_tuning("XDG_CACHE_HOME", (std::filesystem::temp_directory_path() / "cudalab-no-tuning").string());
  select(0);  // sets `lesson`
  const auto steps = lesson->steps();
  std::set<std::string> questions;
  for (int step = 0; step < kRungStepCount; ++step) {
    SCOPED_TRACE(steps[std::size_t(step)].title);
    ASSERT_TRUE(steps[std::size_t(step)].prediction.has_value());
    const auto& prediction = *steps[std::size_t(step)].prediction;
    questions.insert(prediction.question);
    EXPECT_EQ(prediction.answer_key, expected_here[step].first);
    cudalab::Run run = run_step(step, {"n=64"});
    ASSERT_TRUE(run.results.contains(prediction.answer_key));
    if (step > 0) EXPECT_EQ(run.results[prediction.answer_key].get<double>(), expected_here[step].second);
  }
  EXPECT_EQ(questions.size(), std::size_t(kRungStepCount)) << "a question asked twice";
}

TEST_F(LadderLesson, TheEmulatorRefusesSizesThatWouldTakeMinutes) {
  if (device->is_gpu()) GTEST_SKIP() << "a GPU runs every size up to 4096";
  cudalab::Run run = run_step(0, {"n=1024"});
  EXPECT_FALSE(run.status.ok());
  EXPECT_NE(run.status.message.find("up to n = 512"), std::string::npos) << run.status.message;
}

TEST_F(LadderLesson, TheWholeLadderMeasuresEveryRungAndNamesTheFastest) {
  cudalab::Run run = run_step(kRungStepCount, {"n=64"});
  ASSERT_TRUE(run.status.ok()) << run.status.describe();
  const auto& rows = run.results["rows"];
  ASSERT_EQ(rows.size(), std::size(kRungs) + 3);  // chapter 6, the rungs, cuBLAS SGEMM and TF32
  double fastest = 0;
  int fastest_rung = -1;
  for (std::size_t i = 0; i < std::size(kRungs); ++i) {
    const auto& row = rows[i + 1];
    if (!row["measured"].get<bool>()) continue;
    EXPECT_TRUE(row["right"].get<bool>()) << row["name"];
    if (row["gflops"].get<double>() > fastest) {
      fastest = row["gflops"].get<double>();
      fastest_rung = int(i);
    }
  }
  EXPECT_EQ(run.results["fastest_rung"].get<int>(), fastest_rung);
  const auto views = lesson->views(kRungStepCount, run);
  ASSERT_NE(find_view<TableView>(views), nullptr);
  // The roofline is a GPU's: drawn there (log–log), named absent on the emulator.
  const auto charts = find_views<ChartView>(views);
  const bool has_roofline = std::any_of(charts.begin(), charts.end(), [](const ChartView* c) { return c->log_x && c->log_y; });
  EXPECT_EQ(has_roofline, device->is_gpu());
}
