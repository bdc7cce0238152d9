// Slider change → new picture, at 65 536 threads: how long lesson.run() plus lesson.views() take
// for the configurations a student reaches with the sliders of chapters 1 and 2. A measurement,
// printed (ctest -V, or run the binary); it asserts only that the pictures are whole, never a time.
// Run twice (one binary): on the emulator, and as gpu.* on a GPU (label gpu).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>

#include <fmt/format.h>

#include "lesson.h"
#include "lesson_test_support.h"

using namespace cudalab;
using namespace cudalab::lessons;

namespace {

constexpr int kRepeats = 15;

struct Measured {
  double run_ms = 0, views_ms = 0, total_ms = 0;
  std::size_t cells = 0;
};

double median_of(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

}  // namespace

struct ThreadsLatency : ::testing::Test {
  void SetUp() override {
    lessons = make_lessons();
    if (lesson_tests::lesson_test_on_gpu()) {
      if (Status s = open_device(BackendRequest::gpu, &device); !s.ok()) GTEST_SKIP() << s.message;
    } else {
      // The emulator as the app opens it: one worker per core.
      ASSERT_TRUE(open_device(BackendRequest::emulator, &device).ok());
    }
  }

  Measured measure(const std::string& chapter, int step, const std::vector<std::string>& sets) {
    StepSelection selection;
    Status chosen = select_step(lessons, chapter, step, sets, &selection);
    EXPECT_TRUE(chosen.ok()) << chosen.message;
    std::vector<double> run_ms, views_ms, total_ms;
    std::size_t cells = 0;
    for (int repeat = 0; repeat <= kRepeats; ++repeat) {
      using Clock = std::chrono::steady_clock;
      RunControl control;
      const auto started = Clock::now();
      cudalab::Run run = selection.lesson->run(step, selection.values, *device, control);
      const auto ran = Clock::now();
      auto views = selection.lesson->views(step, run);
      const auto drawn = Clock::now();
      EXPECT_TRUE(run.status.ok()) << run.status.describe();
      cells = 0;
      for (const auto& view : views)
        if (const auto* grid = std::get_if<CellGridView>(&view)) cells += grid->cells.size();
      if (repeat == 0) continue;  // the first run warms caches and allocators
      run_ms.push_back(std::chrono::duration<double, std::milli>(ran - started).count());
      views_ms.push_back(std::chrono::duration<double, std::milli>(drawn - ran).count());
      total_ms.push_back(std::chrono::duration<double, std::milli>(drawn - started).count());
    }
    return {median_of(run_ms), median_of(views_ms), median_of(total_ms), cells};
  }

  void report(const std::string& what, const Measured& m) {
    std::printf("  %-52s run %7.2f ms  views %7.2f ms  total %7.2f ms  (%zu cells)\n", what.c_str(), m.run_ms,
                m.views_ms, m.total_ms, m.cells);
  }

  std::vector<std::unique_ptr<Lesson>> lessons;
  std::unique_ptr<Device> device;
};

TEST_F(ThreadsLatency, SliderChangeToNewPictureAt65536Threads) {
  std::printf("\nslider change → new picture on %s (median of %d, host steady clock)\n",
              device->facts().label().c_str(), kRepeats);
  Measured indexing = measure("threads", 0, {"blocks_per_grid=64", "threads_per_block=1024"});
  report("threads 1: 1D indexing <<<64, 1024>>>", indexing);
  EXPECT_EQ(indexing.cells, 65536u);
  Measured covering = measure("threads", 1, {"elements=65536", "threads_per_block=256"});
  report("threads 2: covering n = 65536, <<<256, 256>>>", covering);
  EXPECT_EQ(covering.cells, 2u * 65536u);  // the threads and the array
  Measured grid_stride =
      measure("threads", 1, {"elements=65536", "pattern=grid_stride", "blocks_per_grid=64", "threads_per_block=1024"});
  report("threads 2: grid-stride n = 65536, <<<64, 1024>>>", grid_stride);
  EXPECT_EQ(grid_stride.cells, 2u * 65536u);
  Measured image = measure("threads", 2, {"block_x=32", "block_y=32", "grid_x=8", "grid_y=8", "colour_by=warp"});
  report("threads 3: 2D block (32, 32), grid (8, 8)", image);
  EXPECT_EQ(image.cells, 65536u);
  Measured hello = measure("hello", 0, {"blocks_per_grid=8", "threads_per_block=1024"});
  report("hello 1: <<<8, 1024>>> with printf", hello);
  EXPECT_EQ(hello.cells, 8192u);
}
