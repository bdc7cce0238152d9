// Chapter 3 headless: every step run for real, its numbers checked for sense (bytes counted right,
// results equal to the CPU's, times positive and labelled) and its pictures checked against what
// the kernels recorded. Run twice (one binary): on the emulator, and as gpu.* on a GPU (label gpu;
// skipped where there is none).
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>

#include <fmt/format.h>

#include "lesson.h"
#include "lesson_test_support.h"

using namespace cudalab;
using namespace cudalab::lessons;
using namespace cudalab::lessons::lesson_tests;

namespace {

constexpr int kMapStep = 0, kBandwidthStep = 1, kSharedVsGlobalStep = 2, kSharedPerBlockStep = 3, kRegistersStep = 4;

struct MemoryLesson : ChapterTest {
  MemoryLesson() : ChapterTest("memory") {}
  // A step run with a cancel already asked for when `cancel` is true.
  cudalab::Run run_step(int step, const std::vector<std::string>& sets = {}, bool cancel = false) {
    RunControl control;
    control.cancel = cancel;
    return ChapterTest::run_step(step, sets, &control);
  }
  // Every timing of a run: positive, from the device's own clock, with its samples.
  void expect_device_timings(const cudalab::Run& run, std::size_t count) {
    ASSERT_EQ(run.timings.size(), count);
    for (const Timing& t : run.timings) {
      EXPECT_GT(t.ms, 0.0) << t.label;
      EXPECT_EQ(t.source, device->timing_source()) << t.label;
      EXPECT_GE(t.repeats, 2) << t.label;
      EXPECT_EQ(t.samples_ms.size(), static_cast<std::size_t>(t.repeats)) << t.label;
      for (double sample : t.samples_ms) EXPECT_GT(sample, 0.0) << t.label;
    }
  }
};

}  // namespace

TEST_F(MemoryLesson, ChapterIsRegisteredAfterTheThreadHierarchy) {
  ASSERT_GE(lessons.size(), 4u);
  EXPECT_EQ(lessons[2]->id(), "threads");
  EXPECT_EQ(lessons[3]->id(), "memory");
  EXPECT_EQ(lessons[3]->folder(), "03_memory");
  EXPECT_EQ(lessons[3]->steps().size(), 5u);
}

TEST_F(MemoryLesson, TheMapCarriesThisDevicesSizes) {
  cudalab::Run run = run_step(kMapStep);
  ASSERT_TRUE(run.status.ok()) << run.status.describe();
  EXPECT_EQ(run.results["shared_per_block"].get<std::size_t>(), device->facts().shared_per_block);
  EXPECT_EQ(run.results["global_bytes"].get<std::size_t>(), device->facts().global_mem_bytes);
  auto views = lesson->views(kMapStep, run);
  const auto* map = find_view<CellGridView>(views);
  ASSERT_NE(map, nullptr);
  EXPECT_EQ(map->legend.size(), 6u);
  // Per thread: registers and local (2 blocks × 4 threads); per block: shared; whole grid: L2,
  // global and host across all 9 columns.
  std::map<int, int> cells_per_group;
  for (const auto& c : map->cells) ++cells_per_group[c.group];
  EXPECT_EQ(cells_per_group[0], 8);
  EXPECT_EQ(cells_per_group[1], 8);
  EXPECT_EQ(cells_per_group[2], 8);
  EXPECT_EQ(cells_per_group[3], map->cols);
  EXPECT_EQ(cells_per_group[4], map->cols);
  // The shared memory cells quote this device's figure.
  const std::string shared_size = device->facts().shared_per_block % 1024 == 0
                                      ? fmt::format("{} KiB per block", device->facts().shared_per_block / 1024)
                                      : "per block";
  for (const auto& c : map->cells)
    if (c.group == 2) EXPECT_NE(c.tooltip.find(shared_size), std::string::npos) << c.tooltip;
  const auto* table = find_view<TableView>(views);
  ASSERT_NE(table, nullptr);
  EXPECT_EQ(table->rows.size(), 5u);
  if (device->is_gpu()) {
    EXPECT_NE(table->rows[0][3].find(std::to_string(device->facts().regs_per_block / 1024) + " Ki"), std::string::npos)
        << table->rows[0][3];
  }
}

TEST_F(MemoryLesson, TheCopyKernelMovesTwiceTheBufferAndSaysHowItWasTimed) {
  cudalab::Run run = run_step(kBandwidthStep, {"buffer_mib=4"});
  ASSERT_TRUE(run.status.ok()) << run.status.describe();
  EXPECT_EQ(run.results["buffer_bytes"].get<std::size_t>(), std::size_t(4) << 20);
  EXPECT_EQ(run.results["elements"].get<std::size_t>(), std::size_t(1) << 20);
  EXPECT_DOUBLE_EQ(run.results["bytes_moved"].get<double>(), 8.0 * (1 << 20));
  EXPECT_EQ(run.results["elements_wrong"].get<std::size_t>(), 0u);
  expect_device_timings(run, 2);
  const double kernel_ms = run.results["kernel_ms"].get<double>();
  EXPECT_DOUBLE_EQ(kernel_ms, run.timings[0].ms);
  EXPECT_NEAR(run.results["kernel_gbs"].get<double>(), 8.0 * (1 << 20) / (kernel_ms * 1e-3) / 1e9, 1e-9);
  auto views = lesson->views(kBandwidthStep, run);
  const auto* chart = find_view<ChartView>(views);
  const auto* facts = find_view<FactsView>(views);
  ASSERT_NE(chart, nullptr);
  ASSERT_NE(facts, nullptr);
  EXPECT_EQ(chart->series.at(0).y.at(0), run.results["kernel_gbs"].get<double>());
  if (device->is_gpu()) {
    EXPECT_EQ(chart->categories.size(), 3u);  // with the theoretical bar
    EXPECT_GT(run.results["theoretical_gbs"].get<double>(), 100.0);
    EXPECT_NE(fact(*facts, "timed with").find("GPU · CUDA events"), std::string::npos);
  } else {
    EXPECT_EQ(chart->categories.size(), 2u);  // no theoretical GPU figure to pretend
    EXPECT_NE(chart->title.find("not a GPU one"), std::string::npos) << chart->title;
    EXPECT_NE(fact(*facts, "timed with").find("a CPU figure"), std::string::npos) << fact(*facts, "timed with");
  }
}

TEST_F(MemoryLesson, SixteenByteCopiesMoveTheSameBytesWithAQuarterOfTheThreads) {
  cudalab::Run run = run_step(kBandwidthStep, {"buffer_mib=2", "width=float4"});
  ASSERT_TRUE(run.status.ok()) << run.status.describe();
  EXPECT_EQ(run.results["kernel"].get<std::string>(), "copy_array_float4");
  EXPECT_EQ(run.results["launch"].get<std::string>(), "<<<512, 256>>>");  // 2 MiB = 128 Ki float4s
  EXPECT_DOUBLE_EQ(run.results["bytes_moved"].get<double>(), 4.0 * (1 << 20));
  EXPECT_EQ(run.results["elements_wrong"].get<std::size_t>(), 0u);
  EXPECT_EQ(run.timings.at(0).label, "copy_array_float4 kernel");
  auto views = lesson->views(kBandwidthStep, run);
  const auto* chart = find_view<ChartView>(views);
  ASSERT_NE(chart, nullptr);
  EXPECT_EQ(chart->categories.at(0), "copy_array_float4");
}

TEST_F(MemoryLesson, AStepWhoseHostSideWouldNotFitIsRefusedInWords) {
  if (device->is_gpu()) GTEST_SKIP() << "on a GPU the device and the host have separate memories";
  // Two device buffers fit the emulator, but with the host's copies (and the emulator's device
  // memory is host memory) the step would need more than the host can spare.
  const std::size_t mib = device->free_memory() * 2 / 5 >> 20;
  if (mib > 131072) GTEST_SKIP() << "this host has room even for the largest buffers";
  cudalab::Run run = run_step(kBandwidthStep, {fmt::format("buffer_mib={}", mib)});
  EXPECT_EQ(run.status.code, StatusCode::out_of_memory);
  EXPECT_NE(run.status.message.find("of host memory (the emulator's device memory included)"), std::string::npos)
      << run.status.message;
  EXPECT_NE(run.status.message.find("choose a smaller size"), std::string::npos) << run.status.message;
}

TEST_F(MemoryLesson, ABufferBeyondFreeMemoryIsRefusedInWords) {
  const std::size_t largest = std::size_t(131072) << 20;
  if (2 * largest <= device->free_memory()) GTEST_SKIP() << "this device has room even for the largest buffers";
  cudalab::Run run = run_step(kBandwidthStep, {"buffer_mib=131072"});
  EXPECT_EQ(run.status.code, StatusCode::out_of_memory);
  EXPECT_NE(run.status.message.find("two buffers of 128 GiB (256 GiB in all)"), std::string::npos) << run.status.message;
  EXPECT_NE(run.status.message.find("choose a smaller size"), std::string::npos) << run.status.message;
  EXPECT_TRUE(lesson->views(kBandwidthStep, run).empty());
  // Nothing else was lost: the next run works.
  cudalab::Run next = run_step(kBandwidthStep, {"buffer_mib=1"});
  EXPECT_TRUE(next.status.ok()) << next.status.describe();
}

TEST_F(MemoryLesson, ACancelledRunSaysSo) {
  cudalab::Run run = run_step(kBandwidthStep, {"buffer_mib=1"}, /*cancel=*/true);
  EXPECT_EQ(run.status.code, StatusCode::cancelled);
  EXPECT_TRUE(lesson->views(kBandwidthStep, run).empty());
}

TEST_F(MemoryLesson, BothBlursAgreeWithTheCpuAndTheReadsAreCounted) {
  const int elements = 5000, radius = 3, threads = 64;
  cudalab::Run run = run_step(kSharedVsGlobalStep, {fmt::format("elements={}", elements), fmt::format("radius={}", radius),
                                                    fmt::format("threads_per_block={}", threads)});
  ASSERT_TRUE(run.status.ok()) << run.status.describe();
  EXPECT_LE(run.results["global_largest_error"].get<double>(), run.results["tolerance"].get<double>());
  EXPECT_LE(run.results["shared_largest_error"].get<double>(), run.results["tolerance"].get<double>());
  expect_device_timings(run, 2);
  EXPECT_NEAR(run.results["speedup"].get<double>(), run.timings[0].ms / run.timings[1].ms, 1e-12);

  // Reads counted by brute force: every valid neighbour of every output; every valid tile slot.
  long long global_reads = 0, tile_reads = 0;
  for (int i = 0; i < elements; ++i)
    for (int k = -radius; k <= radius; ++k) global_reads += (i + k >= 0 && i + k < elements);
  const int blocks = (elements + threads - 1) / threads;
  for (int b = 0; b < blocks; ++b)
    for (int slot = 0; slot < threads + 2 * radius; ++slot) {
      const int j = b * threads - radius + slot;
      tile_reads += (j >= 0 && j < elements);
    }
  EXPECT_EQ(run.results["global_reads"].get<long long>(), global_reads);
  EXPECT_EQ(run.results["shared_global_reads"].get<long long>(), tile_reads);
}

TEST_F(MemoryLesson, ThePictureShowsEachBlocksOwnTileAsTheThreadsFilledIt) {
  const int radius = 5, threads = 32, tile = threads + 2 * radius;
  cudalab::Run run = run_step(kSharedVsGlobalStep, {"elements=4096", fmt::format("radius={}", radius),
                                                    fmt::format("threads_per_block={}", threads)});
  ASSERT_TRUE(run.status.ok()) << run.status.describe();
  const int pictured = run.results["blocks_pictured"].get<int>();
  ASSERT_EQ(pictured, 3);
  // Every slot of every pictured tile recorded exactly once, holding the element it should.
  ASSERT_EQ(run.trace.size(), static_cast<std::size_t>(pictured * tile));
  EXPECT_EQ(run.trace_overflow, 0u);
  std::set<std::pair<unsigned, int>> slots;
  for (const auto& e : run.trace) {
    EXPECT_LT(e.block, static_cast<unsigned>(pictured));
    EXPECT_EQ(e.payload[0], static_cast<int>(e.block) * threads - radius + e.payload[1]);
    EXPECT_EQ(e.payload[1] % threads, static_cast<int>(e.thread));  // slot = thread + k × blockDim.x
    EXPECT_TRUE(slots.insert({e.block, e.payload[1]}).second) << "slot filled twice";
  }
  auto views = lesson->views(kSharedVsGlobalStep, run);
  const auto* picture = find_view<CellGridView>(views);
  ASSERT_NE(picture, nullptr);
  ASSERT_EQ(picture->cells.size(), static_cast<std::size_t>(pictured * tile));
  ASSERT_EQ(picture->frames.size(), static_cast<std::size_t>(pictured));
  // Each tile is a band of rows, 32 slots a row; a cell's label is the input its slot holds. An
  // input in two bands is a halo input, copied by both neighbouring blocks into their own tiles:
  // between two neighbours there are 2 × radius of them.
  const int rows_per_tile = (tile + 31) / 32;
  std::map<std::string, std::set<int>> bands_of_input;
  int idle = 0;
  for (const auto& c : picture->cells) {
    const int band = c.row / (rows_per_tile + 1);
    const int slot = (c.row % (rows_per_tile + 1)) * 32 + c.col;
    const int element = band * threads - radius + slot;
    EXPECT_EQ(c.label, std::to_string(element));
    if (c.group < 0) ++idle;
    else EXPECT_EQ(c.group, band);  // coloured by the block that owns the tile
    bands_of_input[c.label].insert(band);
  }
  int in_two_tiles = 0;
  for (const auto& [input, bands] : bands_of_input) {
    EXPECT_LE(bands.size(), 2u) << input;
    in_two_tiles += bands.size() == 2;
  }
  EXPECT_EQ(in_two_tiles, (pictured - 1) * 2 * radius);
  // Block 0's left halo lies before the array: those slots hold zeros, drawn idle.
  EXPECT_EQ(idle, radius);
}

TEST_F(MemoryLesson, AfterTheBarrierEveryThreadSeesOnlyItsOwnBlock) {
  const int blocks = 5, threads = 96;
  cudalab::Run run = run_step(kSharedPerBlockStep, {fmt::format("blocks_per_grid={}", blocks),
                                                    fmt::format("threads_per_block={}", threads), "synchronize=on"});
  ASSERT_TRUE(run.status.ok()) << run.status.describe();
  const auto seen = run.results["seen"].get<std::vector<int>>();
  const int mark = run.results["launch_mark"].get<int>();
  EXPECT_GT(mark, 0);
  ASSERT_EQ(seen.size(), static_cast<std::size_t>(blocks * threads));
  for (int i = 0; i < blocks * threads; ++i)
    EXPECT_EQ(seen[i], mark * 1000 + i / threads) << "thread " << i % threads << " of block " << i / threads;
  EXPECT_EQ(run.results["stale_reads"].get<long long>(), 0);
  EXPECT_EQ(run.results["own_block_reads"].get<long long>(), blocks * threads);
  // Every block said where it ran.
  const auto units = run.results["block_unit"].get<std::vector<int>>();
  ASSERT_EQ(units.size(), static_cast<std::size_t>(blocks));
  for (int unit : units) {
    EXPECT_GE(unit, 0);
    EXPECT_LT(unit, device->facts().sm_count);
  }
  // The picture is what the threads read: one colour per row, the row's own block.
  auto views = lesson->views(kSharedPerBlockStep, run);
  const auto* picture = find_view<CellGridView>(views);
  ASSERT_NE(picture, nullptr);
  ASSERT_EQ(picture->cells.size(), seen.size());
  // One band of rows per block, one row per warp.
  const int rows_per_block = (threads + 31) / 32;
  for (const auto& c : picture->cells) {
    const int block = c.row / (rows_per_block + 1);
    EXPECT_EQ(c.group, block);
    EXPECT_EQ(c.label, std::to_string(block));
  }
}

TEST_F(MemoryLesson, WithoutTheBarrierThePictureShowsWhatWasReallyRead) {
  const int blocks = 4, threads = 64;
  cudalab::Run run = run_step(kSharedPerBlockStep, {fmt::format("blocks_per_grid={}", blocks),
                                                    fmt::format("threads_per_block={}", threads), "synchronize=off"});
  ASSERT_TRUE(run.status.ok()) << run.status.describe();
  const auto seen = run.results["seen"].get<std::vector<int>>();
  const int mark = run.results["launch_mark"].get<int>();
  const long long own = run.results["own_block_reads"].get<long long>();
  const long long stale = run.results["stale_reads"].get<long long>();
  EXPECT_EQ(own + stale, blocks * threads);
  if (!lesson_test_on_gpu()) {
  // The emulator runs a block's threads one after another until a barrier: with none, each thread
  // reads its neighbour's slot before that neighbour writes, except the last (its neighbour is 0).
  EXPECT_EQ(stale, blocks * (threads - 1));
  }
  auto views = lesson->views(kSharedPerBlockStep, run);
  const auto* picture = find_view<CellGridView>(views);
  ASSERT_NE(picture, nullptr);
  long long grey = 0;
  const int rows_per_block = (threads + 31) / 32;
  for (const auto& c : picture->cells) {
    const int block = c.row / (rows_per_block + 1);
    const int thread = (c.row % (rows_per_block + 1)) * 32 + c.col;
    const int value = seen[static_cast<std::size_t>(block * threads + thread)];
    EXPECT_NE(c.tooltip.find(fmt::format("= {}", value)), std::string::npos) << c.tooltip;
    if (value == mark * 1000 + block) {
      EXPECT_EQ(c.group, block);
      EXPECT_EQ(c.label, std::to_string(block));
    } else {
      ++grey;
      EXPECT_EQ(c.group, -1);
      EXPECT_EQ(c.label, "old");
      EXPECT_NE(c.tooltip.find("stale"), std::string::npos) << c.tooltip;
    }
  }
  EXPECT_EQ(grey, stale);
}

TEST_F(MemoryLesson, RegistersAndLocalMemoryAreReportedOnlyWhereTheyExist) {
  cudalab::Run run = run_step(kRegistersStep, {"elements=20000", "threads_per_block=128"});
  ASSERT_TRUE(run.status.ok()) << run.status.describe();
  EXPECT_LT(run.results["largest_relative_error"].get<double>(), 1e-5);
  expect_device_timings(run, 2);
  const auto compiled = run.results["compiled"];
  ASSERT_EQ(compiled.size(), 2u);
  auto views = lesson->views(kRegistersStep, run);
  const auto* table = find_view<TableView>(views);
  ASSERT_NE(table, nullptr);
  ASSERT_EQ(table->rows.size(), 2u);
  if (device->is_gpu()) {
    ASSERT_TRUE(compiled[0].is_object() && compiled[1].is_object()) << compiled.dump();
    EXPECT_GT(compiled[0]["registers_per_thread"].get<int>(), 0);
    EXPECT_EQ(compiled[0]["local_bytes_per_thread"].get<std::size_t>(), 0u);
    // A run-time index cannot name a register: the whole array goes to local memory.
    const auto local_bytes = compiled[1]["local_bytes_per_thread"].get<std::size_t>();
    EXPECT_GE(local_bytes, 32u * sizeof(float));
    if (local_bytes < 1024) EXPECT_EQ(table->rows[1][3], fmt::format("{} bytes", local_bytes));
    EXPECT_EQ(table->rows[0][2], std::to_string(compiled[0]["registers_per_thread"].get<int>()));
  } else {
    EXPECT_TRUE(compiled[0].is_null() && compiled[1].is_null());
    EXPECT_NE(run.results["attributes_unavailable"].get<std::string>().find("only on a GPU"), std::string::npos);
    EXPECT_EQ(table->rows[0][2], "not available");
    const auto* facts = find_view<FactsView>(views);
    ASSERT_NE(facts, nullptr);
    EXPECT_NE(fact(*facts, "registers and local bytes").find("compiled by the host's C++ compiler"), std::string::npos);
  }
}

TEST_F(MemoryLesson, ARunSurvivesAJsonRoundTrip) {
  cudalab::Run run = run_step(kSharedPerBlockStep, {"blocks_per_grid=3", "threads_per_block=16", "synchronize=off"});
  ASSERT_TRUE(run.status.ok()) << run.status.describe();
  cudalab::Run loaded;
  ASSERT_TRUE(from_json(to_json(run), &loaded).ok());
  const auto original = lesson->views(kSharedPerBlockStep, run), reloaded = lesson->views(kSharedPerBlockStep, loaded);
  const auto* a = find_view<CellGridView>(original);
  const auto* b = find_view<CellGridView>(reloaded);
  ASSERT_TRUE(a && b);
  ASSERT_EQ(a->cells.size(), b->cells.size());
  for (std::size_t i = 0; i < a->cells.size(); ++i) {
    EXPECT_EQ(a->cells[i].group, b->cells[i].group);
    EXPECT_EQ(a->cells[i].tooltip, b->cells[i].tooltip);
  }
}
