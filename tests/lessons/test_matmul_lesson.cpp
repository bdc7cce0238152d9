// Chapter 5 headless: every step run for real, its numbers checked against what the trace and the
// float64 reference say; bad parameters refused in words. Run twice (one binary): on the emulator,
// and as gpu.* on a GPU (label gpu).
#include <gtest/gtest.h>

#include <string>

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "lesson.h"
#include "lesson_test_support.h"

using namespace cudalab;
using namespace cudalab::lessons;
using namespace cudalab::lessons::lesson_tests;

namespace {

constexpr int kOneThreadStep = 0, kFootprintStep = 1, kWhichIndexStep = 2;

struct MatmulLesson : ChapterTest {
  MatmulLesson() : ChapterTest("matmul") {}
};

}  // namespace

TEST_F(MatmulLesson, ChaptersFiveAndSixFollowTheOthers) {
  // Teaching order is folder order: 00_…, 01_…, …, 05_matmul, 06_tiles, whatever else is there.
  std::vector<std::string> folders;
  std::size_t matmul = lessons.size();
  for (std::size_t i = 0; i < lessons.size(); ++i) {
    folders.push_back(lessons[i]->folder());
    if (lessons[i]->id() == "matmul") matmul = i;
  }
  EXPECT_TRUE(std::is_sorted(folders.begin(), folders.end())) << fmt::format("{}", fmt::join(folders, ", "));
  ASSERT_LT(matmul + 1, lessons.size());
  EXPECT_EQ(lessons[matmul]->folder(), "05_matmul");
  EXPECT_EQ(lessons[matmul + 1]->id(), "tiles");
  EXPECT_EQ(lessons[matmul + 1]->folder(), "06_tiles");
  EXPECT_EQ(lessons[matmul]->steps().size(), 3u);
  EXPECT_EQ(lessons[matmul + 1]->steps().size(), 5u);
  // One kernel file for both, shared with chapter 10 and the benches (lessons/common/matmul).
  EXPECT_EQ(lessons[matmul]->kernel_file(), "../common/matmul/kernels.cuh");
  EXPECT_EQ(lessons[matmul + 1]->kernel_file(), "../common/matmul/kernels.cuh");
}

TEST_F(MatmulLesson, OneThreadReadsItsRowAndColumn) {
  for (auto [n, edge, row, col] : {std::tuple{8, 4, 2, 5}, std::tuple{17, 8, 16, 3}, std::tuple{1, 1, 0, 0}}) {
    SCOPED_TRACE(fmt::format("n = {}, C[{}][{}]", n, row, col));
    cudalab::Run run = run_step(kOneThreadStep, {fmt::format("n={}", n), fmt::format("block_edge={}", edge),
                                                 fmt::format("row={}", row), fmt::format("col={}", col)});
    ASSERT_TRUE(run.status.ok()) << run.status.describe();
    EXPECT_EQ(run.results["loads_from_a"], n);
    EXPECT_EQ(run.results["loads_from_b"], n);
    EXPECT_EQ(run.results["loads_all_threads"].get<long long>(), 2LL * n * n * n);
    EXPECT_LE(run.results["error_whole_c"].get<double>(), 1e-6);
    const auto c = run.results["c"].get<std::vector<float>>();
    EXPECT_NEAR(c[row * n + col], run.results["reference"].get<double>(), 1e-5);
    auto views = lesson->views(kOneThreadStep, run);
    const auto* grid = find_views<CellGridView>(views).at(0);
    int from_a = 0, from_b = 0, written = 0;
    for (const auto& cell : grid->cells) {
      from_a += cell.group == 0, from_b += cell.group == 1, written += cell.group == 2;
      if (cell.group == 0) EXPECT_EQ(cell.row, row) << "a read of A outside the element's row";
    }
    EXPECT_EQ(from_a, n);
    EXPECT_EQ(from_b, n);
    EXPECT_EQ(written, 1);
    const auto* facts = find_views<FactsView>(views).at(0);
    EXPECT_EQ(fact(*facts, "global loads by this thread"),
              fmt::format("{} from A + {} from B = {} (2n = {}; counted in the trace)", n, n, 2 * n, 2 * n));
  }
}

TEST_F(MatmulLesson, ABlocksFootprintAndTraffic) {
  cudalab::Run run = run_step(kFootprintStep, {"n=16", "block_edge=4", "block_x=1", "block_y=2"});
  ASSERT_TRUE(run.status.ok()) << run.status.describe();
  EXPECT_EQ(run.results["loads"].get<long long>(), 2LL * 16 * 16 * 16);
  EXPECT_EQ(run.results["stores"].get<long long>(), 16 * 16);
  EXPECT_EQ(run.results["fewest_loads_per_thread"], 32);
  EXPECT_EQ(run.results["most_loads_per_thread"], 32);
  auto views = lesson->views(kFootprintStep, run);
  const auto* grid = find_views<CellGridView>(views).at(0);
  // Row from x: block (1, 2) owns rows 4..7 and columns 8..11 of C; it reads those rows of A and
  // those columns of B, each element 4 times (once per thread of the other index).
  int a_cells = 0, b_cells = 0, c_cells = 0;
  for (const auto& cell : grid->cells) {
    if (cell.group == 0) {
      ++a_cells;
      EXPECT_EQ(cell.label, "4");
      EXPECT_TRUE(cell.row >= 4 && cell.row < 8);
    } else if (cell.group == 1) {
      ++b_cells;
      EXPECT_EQ(cell.label, "4");
    } else if (cell.group == 2) {
      ++c_cells;
      EXPECT_TRUE(cell.row >= 4 && cell.row < 8);
    }
  }
  EXPECT_EQ(a_cells, 4 * 16);
  EXPECT_EQ(b_cells, 4 * 16);
  EXPECT_EQ(c_cells, 16);
  const auto* facts = find_views<FactsView>(views).at(0);
  EXPECT_EQ(fact(*facts, "each element this block needs is loaded"), "4.0 times on average");
}

TEST_F(MatmulLesson, WhichIndexIsXCountsSectorsAndTimesBoth) {
  cudalab::Run run = run_step(kWhichIndexStep, {"n=96", "block_edge=16"});
  ASSERT_TRUE(run.status.ok()) << run.status.describe();
  const auto& row = run.results["traced"]["row_from_x"];
  const auto& column = run.results["traced"]["column_from_x"];
  // A warp of a 16 × 16 block is two rows of 16 threads. Row from x: 16 rows of A (16 sectors),
  // one pair of columns of B (1 sector). Column from x: 2 elements of A, 16 neighbours of B (64
  // bytes: 2 sectors).
  EXPECT_DOUBLE_EQ(row["sectors_per_load_a"].get<double>(), 16);
  EXPECT_DOUBLE_EQ(row["sectors_per_load_b"].get<double>(), 1);
  EXPECT_DOUBLE_EQ(column["sectors_per_load_a"].get<double>(), 2);
  EXPECT_DOUBLE_EQ(column["sectors_per_load_b"].get<double>(), 2);
  EXPECT_GT(row["sectors_per_store_c"].get<double>(), column["sectors_per_store_c"].get<double>());
  EXPECT_EQ(row["cells_a"].size(), 32u);
  for (const char* key : {"row_from_x", "column_from_x"}) {
    EXPECT_EQ(run.results["timed"][key]["outcome"], "measured") << key;
    EXPECT_LE(run.results["timed"][key]["error"].get<double>(), 1e-5) << key;
  }
  ASSERT_EQ(run.timings.size(), 2u);
  EXPECT_EQ(run.timings[0].source, device->timing_source());
  auto views = lesson->views(kWhichIndexStep, run);
  EXPECT_EQ(find_views<CellGridView>(views).size(), 2u);
  EXPECT_EQ(find_views<ChartView>(views).at(0)->series.at(0).y.size(), 2u);
}

TEST_F(MatmulLesson, BadParametersAreRefusedInWords) {
  cudalab::Run run = run_step(kOneThreadStep, {"n=4", "row=9"});
  EXPECT_EQ(run.status.code, StatusCode::invalid_argument);
  EXPECT_NE(run.status.message.find("outside the 4 × 4 matrix"), std::string::npos) << run.status.message;
  EXPECT_TRUE(lesson->views(kOneThreadStep, run).empty());
  run = run_step(kFootprintStep, {"n=8", "block_edge=4", "block_x=5"});
  EXPECT_EQ(run.status.code, StatusCode::invalid_argument);
  EXPECT_NE(run.status.message.find("there is no block (5, 0)"), std::string::npos) << run.status.message;
  run = run_step(kWhichIndexStep, {"block_edge=8", "warp=2"});
  EXPECT_EQ(run.status.code, StatusCode::invalid_argument);
  EXPECT_NE(run.status.message.find("has warps 0 to 1"), std::string::npos) << run.status.message;
  // n = 0 cannot be chosen on the command line; a caller that passes it anyway gets words.
  Lesson* chapter = nullptr;
  for (auto& l : lessons)
    if (l->id() == "matmul") chapter = l.get();
  ASSERT_NE(chapter, nullptr);
  auto steps = chapter->steps();
  ParamValues values = defaults(steps[kOneThreadStep]);
  values["n"] = 0;
  RunControl control;
  run = chapter->run(kOneThreadStep, values, *device, control);
  EXPECT_FALSE(run.status.ok());
  EXPECT_FALSE(run.status.message.empty());
  values = defaults(steps[kWhichIndexStep]);
  values["n"] = 0;
  run = chapter->run(kWhichIndexStep, values, *device, control);
  EXPECT_EQ(run.status.code, StatusCode::invalid_argument);
  EXPECT_NE(run.status.message.find("n = 0 is out of range: allowed 16 to 8192"), std::string::npos) << run.status.message;
  // The next run works.
  run = run_step(kOneThreadStep);
  EXPECT_TRUE(run.status.ok()) << run.status.describe();
}
