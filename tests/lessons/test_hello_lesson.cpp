// Chapter 1 headless: every step run for real, its records checked against what the launch asked
// for. Run twice (one binary): on the emulator, and as gpu.* on a GPU (label gpu; skipped where
// there is none).
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <sstream>
#include <string>

#include <fmt/format.h>

#include "lesson.h"
#include "lesson_test_support.h"

using namespace cudalab;
using namespace cudalab::lessons;
using namespace cudalab::lessons::lesson_tests;

namespace {

constexpr int kLaunchStep = 0, kAsyncStep = 1, kDeviceFunctionStep = 2;

struct HelloLesson : ChapterTest {
  HelloLesson() : ChapterTest("hello") {}
};

// Every line "hello from thread t of block b", counted.
std::map<std::pair<int, int>, int> hello_lines(const std::string& output, int* other_lines) {
  std::map<std::pair<int, int>, int> seen;
  std::istringstream lines(output);
  std::string line;
  *other_lines = 0;
  while (std::getline(lines, line)) {
    int thread = -1, block = -1;
    if (std::sscanf(line.c_str(), "hello from thread %d of block %d", &thread, &block) == 2)
      ++seen[{thread, block}];
    else
      ++*other_lines;
  }
  return seen;
}

}  // namespace

TEST_F(HelloLesson, ChapterIsRegisteredAfterYourMachine) {
  ASSERT_GE(lessons.size(), 2u);
  EXPECT_EQ(lessons[0]->id(), "machine");
  EXPECT_EQ(lessons[1]->id(), "hello");
  EXPECT_EQ(lessons[1]->steps().size(), 3u);
  EXPECT_EQ(lessons[1]->kernel_file(), "kernels.cuh");
}

TEST_F(HelloLesson, EveryThreadPrintsItsLineExactlyOnce) {
  for (auto [blocks, threads] : {std::pair{1, 2}, std::pair{2, 4}, std::pair{3, 5}, std::pair{8, 1024}}) {
    SCOPED_TRACE(fmt::format("<<<{}, {}>>>", blocks, threads));
    cudalab::Run run = run_step(kLaunchStep, {fmt::format("blocks_per_grid={}", blocks),
                                              fmt::format("threads_per_block={}", threads)});
    ASSERT_TRUE(run.status.ok()) << run.status.describe();
    int other_lines = 0;
    auto seen = hello_lines(run.printf_output, &other_lines);
    EXPECT_EQ(other_lines, 0) << run.printf_output.substr(0, 400);
    EXPECT_EQ(static_cast<int>(seen.size()), blocks * threads);
    for (int b = 0; b < blocks; ++b)
      for (int t = 0; t < threads; ++t) {
        auto line = seen.find({t, b});
        ASSERT_NE(line, seen.end()) << "missing: hello from thread " << t << " of block " << b;
        EXPECT_EQ(line->second, 1) << "thread " << t << " of block " << b;
      }
    // The count the student sees comes from the records, one per thread.
    ASSERT_EQ(static_cast<int>(run.trace.size()), blocks * threads);
    std::set<std::pair<unsigned, unsigned>> recorded;
    for (const auto& e : run.trace) {
      EXPECT_EQ(static_cast<unsigned>(e.payload[0]), e.thread);
      EXPECT_EQ(static_cast<unsigned>(e.payload[1]), e.block);
      recorded.insert({e.block, e.thread});
    }
    EXPECT_EQ(static_cast<int>(recorded.size()), blocks * threads);
    auto views = lesson->views(kLaunchStep, run);
    const auto* facts = find_view<FactsView>(views);
    ASSERT_NE(facts, nullptr);
    EXPECT_EQ(fact(*facts, "threads that ran"), fmt::format("{} threads ran", blocks * threads));
    EXPECT_EQ(fact(*facts, "printf lines received"), std::to_string(blocks * threads));
    const auto* code = find_view<CodeView>(views);
    ASSERT_NE(code, nullptr);
    EXPECT_NE(code->text.find(fmt::format("hello<<<{}, {}>>>();", blocks, threads)), std::string::npos) << code->text;
    const auto* grid = find_view<CellGridView>(views);
    ASSERT_NE(grid, nullptr);
    EXPECT_EQ(static_cast<int>(grid->cells.size()), blocks * threads);
  }
}

TEST_F(HelloLesson, TooManyThreadsIsRefusedInWordsAndTheNextRunWorks) {
  cudalab::Run refused = run_step(kLaunchStep, {"threads_per_block=2048"});
  EXPECT_EQ(refused.status.code, StatusCode::invalid_config);
  EXPECT_NE(refused.status.message.find("allows at most 1024 threads per block; you asked for 2048"), std::string::npos)
      << refused.status.message;
  EXPECT_TRUE(refused.printf_output.empty());
  EXPECT_TRUE(lesson->views(kLaunchStep, refused).empty());  // the app keeps the last good picture

  cudalab::Run zero_blocks = run_step(kLaunchStep, {"blocks_per_grid=0"});
  EXPECT_EQ(zero_blocks.status.code, StatusCode::invalid_config);
  EXPECT_NE(zero_blocks.status.message.find("at least one block"), std::string::npos) << zero_blocks.status.message;
  cudalab::Run zero_threads = run_step(kDeviceFunctionStep, {"threads_per_block=0"});
  EXPECT_EQ(zero_threads.status.code, StatusCode::invalid_config);
  EXPECT_NE(zero_threads.status.message.find("at least one thread"), std::string::npos) << zero_threads.status.message;

  cudalab::Run after = run_step(kLaunchStep);
  ASSERT_TRUE(after.status.ok()) << after.status.describe();
  EXPECT_EQ(after.trace.size(), 8u);
}

TEST_F(HelloLesson, LaunchReturnsBeforeTheKernelFinishes) {
  cudalab::Run run = run_step(kAsyncStep, {"spin_us=20000", "synchronize=on"});
  ASSERT_TRUE(run.status.ok()) << run.status.describe();
  const double launch_returned_us = run.results["launch_returned_us"].get<double>();
  const double kernel_us = run.results["kernel_us"].get<double>();
  const double wait_returned_us = run.results["wait_returned_us"].get<double>();
  EXPECT_GE(kernel_us, 20000.0);  // the kernel's own clock: it spun at least that long
  EXPECT_LT(launch_returned_us, kernel_us);
  EXPECT_TRUE(run.results["launch_returned_before_kernel_finished"].get<bool>());
  // The host's wait covered the kernel's work (two clocks: allow them 1 % of disagreement).
  EXPECT_GE(wait_returned_us, kernel_us * 0.99);
  EXPECT_EQ(run.results["answer_read"].get<int>(), 42);
  ASSERT_EQ(run.timings.size(), 2u);
  EXPECT_EQ(run.timings[0].source, TimingSource::host_clock);

  auto views = lesson->views(kAsyncStep, run);
  const auto* timeline = find_view<TimelineView>(views);
  ASSERT_NE(timeline, nullptr);
  ASSERT_EQ(timeline->bars.size(), 3u);
  EXPECT_NEAR(timeline->bars[2].end - timeline->bars[2].start, kernel_us, 1.0);
  const auto* facts = find_view<FactsView>(views);
  ASSERT_NE(facts, nullptr);
  EXPECT_EQ(fact(*facts, "answer read after waiting"), "42 — the kernel had finished");
}

TEST_F(HelloLesson, WithoutSynchronizeTheAnswerIsNotThereYet) {
  cudalab::Run run = run_step(kAsyncStep, {"spin_us=20000", "synchronize=off"});
  ASSERT_TRUE(run.status.ok()) << run.status.describe();
  EXPECT_EQ(run.results["answer_read"].get<int>(), 0);
  EXPECT_EQ(run.results["answer_after_wait"].get<int>(), 42);
  EXPECT_LT(run.results["answer_read_us"].get<double>(), run.results["kernel_us"].get<double>());
  auto views = lesson->views(kAsyncStep, run);
  const auto* facts = find_view<FactsView>(views);
  ASSERT_NE(facts, nullptr);
  EXPECT_EQ(fact(*facts, "answer read without waiting"), "0 — not there yet: the kernel was still running");
  EXPECT_EQ(fact(*facts, "answer once the host waited"), "42");
}

TEST_F(HelloLesson, DeviceFunctionResultsMatchTheCpu) {
  cudalab::Run run = run_step(kDeviceFunctionStep, {"elements=100", "threads_per_block=32"});
  ASSERT_TRUE(run.status.ok()) << run.status.describe();
  EXPECT_EQ(run.results["launch"], "<<<4, 32>>>");
  auto out = run.results["out"].get<std::vector<int>>();
  ASSERT_EQ(out.size(), 100u);
  for (int i = 0; i < 100; ++i) EXPECT_EQ(out[i], i * i) << "out[" << i << "]";
  // One square() call per element, none by the 28 spare threads of the last block.
  ASSERT_EQ(run.trace.size(), 100u);
  std::set<int> elements;
  for (const auto& e : run.trace) {
    EXPECT_EQ(static_cast<unsigned>(e.payload[0]), e.thread + e.block * 32);
    EXPECT_EQ(e.payload[1], e.payload[0] * e.payload[0]);
    elements.insert(e.payload[0]);
  }
  EXPECT_EQ(elements.size(), 100u);
  auto views = lesson->views(kDeviceFunctionStep, run);
  const auto* grid = find_view<CellGridView>(views);
  ASSERT_NE(grid, nullptr);
  ASSERT_EQ(grid->cells.size(), 100u);
  EXPECT_EQ(grid->cells[7].tooltip, "out[7] = square(7) = 49, written by thread 7 of block 0");
  EXPECT_EQ(grid->cells[40].tooltip, "out[40] = square(40) = 1600, written by thread 8 of block 1");
  for (const auto& c : grid->cells) EXPECT_EQ(c.group, 0) << c.tooltip;
}

TEST_F(HelloLesson, ARunSurvivesAJsonRoundTrip) {
  for (int step : {kLaunchStep, kAsyncStep, kDeviceFunctionStep}) {
    cudalab::Run run = run_step(step, step == kAsyncStep ? std::vector<std::string>{"spin_us=100"}
                                                         : std::vector<std::string>{});
    ASSERT_TRUE(run.status.ok()) << run.status.describe();
    cudalab::Run loaded;
    ASSERT_TRUE(from_json(to_json(run), &loaded).ok());
    auto original_views = lesson->views(step, run);
    auto loaded_views = lesson->views(step, loaded);
    ASSERT_EQ(original_views.size(), loaded_views.size()) << "step " << step + 1;
    const auto* a = find_view<FactsView>(original_views);
    const auto* b = find_view<FactsView>(loaded_views);
    ASSERT_TRUE(a && b);
    EXPECT_EQ(a->facts, b->facts) << "step " << step + 1;
  }
}
