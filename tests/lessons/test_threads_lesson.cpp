// Chapter 2 headless: every step run for real; every thread's recorded ids checked against the
// indexing formulas, idle threads past n, grid-stride coverage, and one schedule record per block.
// Run twice (one binary): on the emulator, and as gpu.* on a GPU (label gpu).
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "02_threads/trace_kinds.h"
#include "lesson.h"
#include "lesson_test_support.h"

using namespace cudalab;
using namespace cudalab::lessons;
using namespace cudalab::lessons::lesson_tests;

namespace {

constexpr int kIndexingStep = 0, kCoveringStep = 1, kGrid2dStep = 2, kBlocksOnSmsStep = 3;

struct ThreadsLesson : ChapterTest {
  ThreadsLesson() : ChapterTest("threads") {}
};

std::vector<int> ints(const cudalab::Run& run, const char* name) { return run.results.at(name).get<std::vector<int>>(); }

}  // namespace

TEST_F(ThreadsLesson, ChapterIsRegisteredAfterHello) {
  ASSERT_GE(lessons.size(), 3u);
  EXPECT_EQ(lessons[2]->id(), "threads");
  EXPECT_EQ(lessons[2]->steps().size(), 4u);
}

TEST_F(ThreadsLesson, EveryThreadWritesTheIdsTheFormulaGives) {
  for (auto [blocks, threads] : {std::pair{2u, 4u}, std::pair{3u, 5u}, std::pair{1u, 1u}, std::pair{64u, 1024u}}) {
    SCOPED_TRACE(fmt::format("<<<{}, {}>>>", blocks, threads));
    cudalab::Run run = run_step(kIndexingStep, {fmt::format("blocks_per_grid={}", blocks),
                                                fmt::format("threads_per_block={}", threads), "colour_by=warp"});
    ASSERT_TRUE(run.status.ok()) << run.status.describe();
    auto thread_index = ints(run, "thread_index"), block_index = ints(run, "block_index"),
         global_index = ints(run, "global_index");
    ASSERT_EQ(global_index.size(), std::size_t(blocks) * threads);
    for (std::size_t i = 0; i < global_index.size(); ++i) {
      ASSERT_EQ(global_index[i], static_cast<int>(i)) << "position " << i;
      ASSERT_EQ(thread_index[i], static_cast<int>(i % threads)) << "position " << i;
      ASSERT_EQ(block_index[i], static_cast<int>(i / threads)) << "position " << i;
    }
    auto views = lesson->views(kIndexingStep, run);
    auto grids = find_views<CellGridView>(views);
    ASSERT_EQ(grids.size(), 1u);
    ASSERT_EQ(grids[0]->cells.size(), global_index.size());
    std::set<std::pair<int, int>> places;
    for (const auto& c : grids[0]->cells) {
      EXPECT_GE(c.group, 0);
      places.insert({c.col, c.row});
    }
    EXPECT_EQ(places.size(), global_index.size()) << "two threads drawn on one cell";
    auto facts = find_views<FactsView>(views);
    ASSERT_EQ(facts.size(), 1u);
    EXPECT_EQ(fact(*facts[0], "threads that wrote their id"),
              fmt::format("{} thread{} ran", global_index.size(), global_index.size() == 1 ? "" : "s"));
  }
}

TEST_F(ThreadsLesson, HoveringACellEvaluatesTheFormulaWithItsNumbers) {
  cudalab::Run run = run_step(kIndexingStep);  // the default <<<2, 4>>>
  ASSERT_TRUE(run.status.ok()) << run.status.describe();
  auto views = lesson->views(kIndexingStep, run);
  const auto* grid = find_views<CellGridView>(views).at(0);
  ASSERT_EQ(grid->cells.size(), 8u);
  EXPECT_EQ(grid->cells[7].tooltip, "threadIdx.x + blockIdx.x * blockDim.x = 3 + 1 × 4 = 7");
  EXPECT_EQ(grid->cells[7].label, "7");
  EXPECT_EQ(grid->cells[7].group, 1);  // coloured by block
  EXPECT_EQ(grid->frames.size(), 2u);
}

TEST_F(ThreadsLesson, ColourByWarpSplitsAtThirtyTwoThreads) {
  cudalab::Run run = run_step(kIndexingStep, {"blocks_per_grid=2", "threads_per_block=64", "colour_by=warp"});
  ASSERT_TRUE(run.status.ok()) << run.status.describe();
  auto views = lesson->views(kIndexingStep, run);
  const auto* grid = find_views<CellGridView>(views).at(0);
  ASSERT_EQ(grid->cells.size(), 128u);
  // Cells are in global-id order: warps 0 and 1 of block 0, then warps 0 and 1 of block 1.
  EXPECT_EQ(grid->cells[31].group, grid->cells[0].group);
  EXPECT_NE(grid->cells[32].group, grid->cells[31].group);
  EXPECT_NE(grid->cells[64].group, grid->cells[32].group);
  EXPECT_NE(grid->cells[64].group, grid->cells[0].group);
}

TEST_F(ThreadsLesson, ThreadsPastTheEndStayIdle) {
  for (auto [elements, threads] : {std::pair{10, 4}, std::pair{1000, 256}, std::pair{65536, 1000}, std::pair{8, 8}}) {
    SCOPED_TRACE(fmt::format("n = {}, {} threads per block", elements, threads));
    cudalab::Run run = run_step(kCoveringStep, {fmt::format("elements={}", elements),
                                                fmt::format("threads_per_block={}", threads)});
    ASSERT_TRUE(run.status.ok()) << run.status.describe();
    const int blocks = (elements + threads - 1) / threads;
    EXPECT_EQ(run.results["launch"], fmt::format("<<<{}, {}>>>", blocks, threads));
    auto data = ints(run, "data");
    ASSERT_EQ(static_cast<int>(data.size()), elements);
    for (int i = 0; i < elements; ++i) ASSERT_EQ(data[i], 1) << "data[" << i << "]";
    // Each element touched by exactly one thread: the one whose global id it is.
    ASSERT_EQ(static_cast<int>(run.trace.size()), elements);
    EXPECT_EQ(run.trace_overflow, 0u);
    std::vector<int> touches(elements, 0);
    for (const auto& e : run.trace) {
      ASSERT_EQ(static_cast<int>(e.block * threads + e.thread), e.payload[0]);
      ++touches.at(e.payload[0]);
    }
    for (int i = 0; i < elements; ++i) ASSERT_EQ(touches[i], 1) << "element " << i;

    auto views = lesson->views(kCoveringStep, run);
    auto grids = find_views<CellGridView>(views);
    ASSERT_EQ(grids.size(), 2u);
    const auto& thread_cells = grids[0]->cells;
    ASSERT_EQ(static_cast<int>(thread_cells.size()), blocks * threads);
    for (int id = 0; id < blocks * threads; ++id)
      ASSERT_EQ(thread_cells[id].group < 0, id >= elements) << "thread " << id << ": " << thread_cells[id].tooltip;
    auto facts = find_views<FactsView>(views);
    EXPECT_EQ(fact(*facts.at(0), "idle threads"), std::to_string(blocks * threads - elements));
    EXPECT_EQ(fact(*facts.at(0), "elements touched exactly once"), fmt::format("{} of {}", elements, elements));
  }
  cudalab::Run run = run_step(kCoveringStep, {"elements=10", "threads_per_block=4"});
  auto views = lesson->views(kCoveringStep, run);
  const auto* threads_grid = find_views<CellGridView>(views).at(0);
  EXPECT_EQ(threads_grid->cells[11].tooltip,
            "threadIdx.x + blockIdx.x * blockDim.x = 3 + 2 × 4 = 11 ≥ n = 10: the guard if (i < n) keeps it idle");
}

TEST_F(ThreadsLesson, GridStrideLoopCoversEveryElementExactlyOnce) {
  struct Case {
    int elements, blocks, threads;
  };
  for (Case c : {Case{32, 2, 4}, Case{1000, 3, 7}, Case{5, 2, 4}, Case{65536, 64, 1024}, Case{65536, 1, 1}}) {
    SCOPED_TRACE(fmt::format("n = {}, <<<{}, {}>>>", c.elements, c.blocks, c.threads));
    cudalab::Run run = run_step(kCoveringStep,
                                {"pattern=grid_stride", fmt::format("elements={}", c.elements),
                                 fmt::format("blocks_per_grid={}", c.blocks), fmt::format("threads_per_block={}", c.threads)});
    ASSERT_TRUE(run.status.ok()) << run.status.describe();
    auto data = ints(run, "data");
    for (int i = 0; i < c.elements; ++i) ASSERT_EQ(data[i], 1) << "data[" << i << "]";
    const int total_threads = c.blocks * c.threads;
    std::vector<int> touches(c.elements, 0);
    for (const auto& e : run.trace) {
      const int id = static_cast<int>(e.block * c.threads + e.thread);
      ASSERT_EQ(e.payload[0] % total_threads, id) << "thread " << id << " touched element " << e.payload[0];
      ++touches.at(e.payload[0]);
    }
    for (int i = 0; i < c.elements; ++i) ASSERT_EQ(touches[i], 1) << "element " << i;
    EXPECT_EQ(run.trace_overflow, 0u);
    auto views = lesson->views(kCoveringStep, run);
    const auto* thread_grid = find_views<CellGridView>(views).at(0);
    int idle = 0;
    for (const auto& cell : thread_grid->cells) idle += cell.group < 0;
    EXPECT_EQ(idle, std::max(0, total_threads - c.elements));
  }
}

TEST_F(ThreadsLesson, TwoDimensionalIdsMatchTheirPixel) {
  struct Case {
    unsigned block_x, block_y, grid_x, grid_y;
  };
  for (Case c : {Case{16, 4, 2, 2}, Case{5, 3, 3, 7}, Case{32, 32, 8, 8}, Case{1, 1, 1, 65535}}) {
    SCOPED_TRACE(fmt::format("block ({}, {}), grid ({}, {})", c.block_x, c.block_y, c.grid_x, c.grid_y));
    cudalab::Run run = run_step(kGrid2dStep, {fmt::format("block_x={}", c.block_x), fmt::format("block_y={}", c.block_y),
                                              fmt::format("grid_x={}", c.grid_x), fmt::format("grid_y={}", c.grid_y)});
    ASSERT_TRUE(run.status.ok()) << run.status.describe();
    const int width = static_cast<int>(c.grid_x * c.block_x);
    auto tx = ints(run, "thread_x"), ty = ints(run, "thread_y"), bx = ints(run, "block_idx_x"),
         by = ints(run, "block_idx_y"), warp = ints(run, "warp");
    ASSERT_EQ(tx.size(), std::size_t(c.grid_x) * c.grid_y * c.block_x * c.block_y);
    for (std::size_t pixel = 0; pixel < tx.size(); ++pixel) {
      const int col = static_cast<int>(pixel) % width, row = static_cast<int>(pixel) / width;
      ASSERT_EQ(tx[pixel] + bx[pixel] * static_cast<int>(c.block_x), col) << "pixel " << pixel;
      ASSERT_EQ(ty[pixel] + by[pixel] * static_cast<int>(c.block_y), row) << "pixel " << pixel;
      ASSERT_LT(tx[pixel], static_cast<int>(c.block_x));
      ASSERT_LT(ty[pixel], static_cast<int>(c.block_y));
      ASSERT_EQ(warp[pixel], (tx[pixel] + ty[pixel] * static_cast<int>(c.block_x)) / 32) << "pixel " << pixel;
    }
    auto views = lesson->views(kGrid2dStep, run);
    const auto* image = find_views<CellGridView>(views).at(0);
    ASSERT_EQ(image->cells.size(), tx.size());
    for (const auto& cell : image->cells) ASSERT_GE(cell.group, 0) << cell.tooltip;
  }
}

TEST_F(ThreadsLesson, TwoDimensionalTooltipAndWarpRows) {
  cudalab::Run run = run_step(kGrid2dStep, {"colour_by=warp"});  // block (16, 4), grid (2, 2)
  ASSERT_TRUE(run.status.ok()) << run.status.describe();
  auto views = lesson->views(kGrid2dStep, run);
  const auto* image = find_views<CellGridView>(views).at(0);
  ASSERT_EQ(image->cols, 32);
  ASSERT_EQ(image->rows, 8);
  // Pixel (col 19, row 2): thread (3, 2) of block (1, 0).
  const auto& cell = image->cells[2 * 32 + 19];
  EXPECT_EQ(cell.tooltip,
            "col = threadIdx.x + blockIdx.x * blockDim.x = 3 + 1 × 16 = 19\n"
            "row = threadIdx.y + blockIdx.y * blockDim.y = 2 + 0 × 4 = 2\n"
            "thread in block = threadIdx.x + threadIdx.y * blockDim.x = 3 + 2 × 16 = 35\n"
            "warp = 35 / 32 = 1");
  // With 16 threads across, one warp covers two rows of its block.
  EXPECT_EQ(image->cells[0].group, image->cells[32 + 15].group);
  EXPECT_NE(image->cells[0].group, image->cells[2 * 32].group);
  const auto* facts = find_views<FactsView>(views).at(0);
  EXPECT_EQ(fact(*facts, "rows of a block warp 0 covers"), "2 (of 16 threads each)");
}

TEST_F(ThreadsLesson, EveryBlockRecordsOneStartAndOneEnd) {
  const unsigned blocks = 16;
  cudalab::Run run = run_step(kBlocksOnSmsStep, {"blocks_per_grid=16", "threads_per_block=64", "work_us=300"});
  ASSERT_TRUE(run.status.ok()) << run.status.describe();
  EXPECT_EQ(run.trace_overflow, 0u);
  ASSERT_EQ(run.trace.size(), 2 * blocks);
  std::map<unsigned, std::pair<const TraceEvent*, const TraceEvent*>> by_block;
  for (const auto& e : run.trace) {
    ASSERT_EQ(e.thread, 0u);
    ASSERT_LT(e.sm, static_cast<unsigned>(device->facts().sm_count));
    auto& [start, end] = by_block[e.block];
    if (e.kind == threads::kBlockStarted) {
      EXPECT_EQ(start, nullptr) << "block " << e.block << " started twice";
      start = &e;
    } else {
      EXPECT_EQ(end, nullptr) << "block " << e.block << " ended twice";
      end = &e;
    }
  }
  ASSERT_EQ(by_block.size(), blocks);
  for (const auto& [block, events] : by_block) {
    ASSERT_TRUE(events.first && events.second) << "block " << block;
    EXPECT_LE(events.first->time_ns, events.second->time_ns) << "block " << block;
    EXPECT_GE(events.second->time_ns - events.first->time_ns, 300'000u) << "block " << block;
    EXPECT_EQ(events.first->sm, events.second->sm) << "a block never moves to another SM";
  }
  auto views = lesson->views(kBlocksOnSmsStep, run);
  const auto* timeline = find_views<TimelineView>(views).at(0);
  EXPECT_EQ(timeline->bars.size(), blocks);
  for (const auto& bar : timeline->bars) EXPECT_LE(bar.start, bar.end);
  const auto* facts = find_views<FactsView>(views).at(0);
  EXPECT_EQ(fact(*facts, "blocks that recorded start and end"), "16 of 16");
  if (!lesson_test_on_gpu()) {
  // An emulator worker runs one block at a time: 16 blocks on W workers take at least 16 / W waves.
  // Every worker has a row, also one the operating system gave no block to (a loaded machine may).
  const unsigned workers = run.results.value("units", 0u);
  ASSERT_GE(workers, 1u);
  EXPECT_EQ(timeline->rows.size(), workers);
  EXPECT_EQ(timeline->rows[0], "worker 0 (emulator)");
  EXPECT_EQ(fact(*facts, "most blocks at once on one worker"), "1");
  EXPECT_GE(std::stoi(fact(*facts, "waves")), static_cast<int>((blocks + workers - 1) / workers));
  } else {
  EXPECT_EQ(fact(*facts, "waves"), "1");  // 16 small blocks fit on any GPU at once
  }
}

TEST_F(ThreadsLesson, OverTheLimitsIsRefusedInWordsAndTheNextRunWorks) {
  struct Case {
    int step;
    std::vector<std::string> sets;
    StatusCode code;
    std::string words;
  };
  const std::vector<Case> cases = {
      {kIndexingStep, {"threads_per_block=2048"}, StatusCode::invalid_config,
       "allows at most 1024 threads per block; you asked for 2048"},
      {kIndexingStep, {"blocks_per_grid=0"}, StatusCode::invalid_config, "at least one block"},
      {kCoveringStep, {"threads_per_block=0"}, StatusCode::invalid_config, "at least one thread"},
      {kCoveringStep, {"pattern=grid_stride", "blocks_per_grid=0"}, StatusCode::invalid_config, "at least one block"},
      {kGrid2dStep, {"block_x=64", "block_y=32"}, StatusCode::invalid_config,
       "allows at most 1024 threads per block; you asked for 2048 (64 × 32 × 1)"},
      {kGrid2dStep, {"block_x=1", "block_y=1", "grid_x=1", "grid_y=65536"}, StatusCode::invalid_config,
       "allows gridDim.y up to 65535; you asked for 65536"},
      {kGrid2dStep, {"block_x=32", "block_y=32", "grid_x=16", "grid_y=16"}, StatusCode::invalid_argument,
       "this step draws at most 65536 threads; you asked for 262144"},
      {kBlocksOnSmsStep, {"threads_per_block=2048"}, StatusCode::invalid_config,
       "allows at most 1024 threads per block; you asked for 2048"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(fmt::format("step {}: {}", c.step + 1, fmt::join(c.sets, " ")));
    cudalab::Run refused = run_step(c.step, c.sets);
    EXPECT_EQ(refused.status.code, c.code) << refused.status.describe();
    EXPECT_NE(refused.status.message.find(c.words), std::string::npos) << refused.status.message;
    EXPECT_TRUE(lesson->views(c.step, refused).empty());
    cudalab::Run after = run_step(c.step);  // the app runs on: the defaults work right after
    EXPECT_TRUE(after.status.ok()) << after.status.describe();
  }
}
