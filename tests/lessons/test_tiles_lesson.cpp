// Chapter 6 headless: every step run for real; tiles and barriers checked in the trace; the broken
// kernels' damage shown; traffic counted; the race's rows checked; bad input refused in words. Run
// twice (one binary): on the emulator, and as gpu.* on a GPU (label gpu).
#include <gtest/gtest.h>

#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include <fmt/format.h>

#include "06_tiles/sanitizer_run.h"
#include "06_tiles/tiles_steps.h"
#include "cudalab/buffer.h"
#include "lesson.h"
#include "lesson_test_support.h"
#include "sanitizer_samples.h"

using namespace cudalab;
using namespace cudalab::lessons;
using namespace cudalab::lessons::lesson_tests;

namespace {

constexpr int kTileStep = 0, kTrafficStep = 1, kRaggedStep = 2, kRaceStep = 3, kToolsStep = 4;

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

// Step 5: the broken kernels under CUDA Lab's own checks (the exercise grader, on the emulator in
// both runs) and, on a GPU, under compute-sanitizer.
namespace {

namespace tiles = cudalab::lessons::tiles;
namespace samples = cudalab::lessons::sanitizer_samples;

// The step starts cudalab itself under the tool; a test binary is not cudalab, so the GPU run
// points it at the one this build made (bin/cudalab, two folders up from tests/lessons/).
void point_at_the_built_cudalab() {
  if (std::getenv("CUDALAB_EXECUTABLE") != nullptr) return;
  std::error_code error;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", error);
  const auto built = self.parent_path().parent_path().parent_path() / "bin" / "cudalab";
  if (!error && std::filesystem::exists(built)) ::setenv("CUDALAB_EXECUTABLE", built.c_str(), 1);
}

// A file that is removed when the test ends.
struct ScratchFile {
  std::filesystem::path path;
  explicit ScratchFile(const std::string& name, const std::string& text) {
    path = std::filesystem::temp_directory_path() / fmt::format("cudalab-{}-{}", ::getpid(), name);
    std::ofstream(path) << text;
    std::filesystem::permissions(path, std::filesystem::perms::owner_all);
  }
  ~ScratchFile() {
    std::error_code ignored;
    std::filesystem::remove(path, ignored);
  }
};

}  // namespace

TEST(SanitizerReport, RacecheckAnalysisCountsEveryHazardAndNamesTheLines) {
  const tiles::SanitizerReport report = tiles::parse_sanitizer_output(samples::kRacecheck);
  EXPECT_EQ(report.tool, "racecheck");
  ASSERT_TRUE(report.has_summary);
  EXPECT_EQ(report.summary, "RACECHECK SUMMARY: 2 hazards displayed (1 error, 1 warning)");
  EXPECT_EQ(report.displayed, 2);
  EXPECT_EQ(report.errors, 1);
  EXPECT_EQ(report.warnings, 1);
  EXPECT_EQ(report.hazards, samples::kRacecheckHazards);
  ASSERT_EQ(report.findings.size(), 2u);
  const tiles::SanitizerFinding& error = report.findings[0];
  EXPECT_EQ(error.severity, "Error");
  EXPECT_EQ(error.kind, "RAW hazard");  // a write, then reads that may come before it
  EXPECT_EQ(error.kernel, "mat_mul_tiled_no_barrier");
  EXPECT_EQ(error.where, "broken.cu:17");
  EXPECT_EQ(error.other, "broken.cu:19");
  EXPECT_EQ(error.hazards, 704 + 704 + 640 + 576 + 512);
  EXPECT_EQ(report.findings[1].severity, "Warning");
  EXPECT_EQ(report.findings[1].where, "broken.cu:16");
  EXPECT_TRUE(report.found_something());
}

TEST(SanitizerReport, RacecheckHazardModeMemcheckAndFailuresAreReadToo) {
  const tiles::SanitizerReport hazards = tiles::parse_sanitizer_output(samples::kRacecheckHazardMode);
  EXPECT_EQ(hazards.displayed, 1);
  EXPECT_EQ(hazards.errors, 7872);
  EXPECT_EQ(hazards.warnings, 9728);
  ASSERT_EQ(hazards.findings.size(), 1u);
  EXPECT_EQ(hazards.findings[0].kind, "RAW hazard");
  EXPECT_EQ(hazards.findings[0].where, "broken.cu:16");
  EXPECT_EQ(hazards.findings[0].other, "broken.cu:19");

  const tiles::SanitizerReport memcheck = tiles::parse_sanitizer_output(samples::kMemcheck);
  EXPECT_EQ(memcheck.tool, "memcheck");
  EXPECT_EQ(memcheck.errors, 353);
  EXPECT_EQ(memcheck.displayed, 2);
  EXPECT_NE(memcheck.summary.find("ERROR SUMMARY: 353 errors\nERROR SUMMARY: 351 errors were not printed"), std::string::npos)
      << memcheck.summary;
  ASSERT_EQ(memcheck.findings.size(), 2u);
  EXPECT_EQ(memcheck.findings[0].kind, "Invalid __global__ read of size 4 bytes");
  EXPECT_EQ(memcheck.findings[0].kernel, "mat_mul_tiled_no_guard");
  EXPECT_EQ(memcheck.findings[0].where, "broken.cu:34");
  EXPECT_EQ(memcheck.findings[0].thread, "thread (0,4,0) in block (0,1,0)");

  const tiles::SanitizerReport clean = tiles::parse_sanitizer_output(samples::kMemcheckClean);
  EXPECT_TRUE(clean.has_summary);
  EXPECT_EQ(clean.errors, 0);
  EXPECT_FALSE(clean.found_something());

  const tiles::SanitizerReport failed = tiles::parse_sanitizer_output(samples::kNoProgram);
  EXPECT_FALSE(failed.has_summary);
  EXPECT_EQ(failed.problem, "Target application doesn't exist or is not a valid executable");
  EXPECT_FALSE(tiles::parse_sanitizer_output("").has_summary);
}

// The run path without a GPU: a stand-in compute-sanitizer that records how it was started and
// prints racecheck's real report; then one that hangs, stopped at the time limit.
TEST(SanitizerRun, TheToolIsStartedAsAChildAndItsOutputComesBackAsPrinted) {
  const ScratchFile args_file("args", "");
  const ScratchFile output("output", samples::kRacecheck);
  const ScratchFile fake("compute-sanitizer",
                         fmt::format("#!/bin/sh\necho \"$@\" > {}\ncat {}\nexit 99\n", args_file.path.string(), output.path.string()));
  ::setenv("CUDALAB_COMPUTE_SANITIZER", fake.path.c_str(), 1);
  EXPECT_EQ(tiles::find_compute_sanitizer(), fake.path.string());
  ::setenv("CUDALAB_COMPUTE_SANITIZER", "/nonexistent/compute-sanitizer", 1);
  EXPECT_EQ(tiles::find_compute_sanitizer(), "");
  ::unsetenv("CUDALAB_COMPUTE_SANITIZER");

  const tiles::SanitizerRun run = tiles::run_under_sanitizer(fake.path.string(), tiles::SanitizerTool::racecheck,
                                                            "/opt/cudalab/bin/cudalab", tiles::BrokenKernel::no_barrier, 20, 20);
  ASSERT_TRUE(run.started) << run.output;
  EXPECT_FALSE(run.timed_out);
  EXPECT_EQ(run.exit_code, tiles::kSanitizerFoundExitCode);
  EXPECT_EQ(run.output, samples::kRacecheck);  // verbatim
  std::ifstream recorded(args_file.path);
  std::string args;
  std::getline(recorded, args);
  EXPECT_EQ(args, "--tool racecheck --show-backtrace no --print-limit 10 --error-exitcode 99 /opt/cudalab/bin/cudalab broken-kernel no_barrier 20");
  EXPECT_EQ(run.report.hazards, samples::kRacecheckHazards);
  EXPECT_EQ(tiles::to_json(run)["command"],
            fake.path.string() + " --tool racecheck --show-backtrace no --print-limit 10 --error-exitcode 99 /opt/cudalab/bin/cudalab broken-kernel no_barrier 20");

  const ScratchFile hangs("hanging-sanitizer", "#!/bin/sh\necho started\nsleep 60\n");
  const auto started = std::chrono::steady_clock::now();
  const tiles::SanitizerRun stopped = tiles::run_under_sanitizer(hangs.path.string(), tiles::SanitizerTool::memcheck, "/bin/true",
                                                                tiles::BrokenKernel::no_guard, 20, 1);
  EXPECT_TRUE(stopped.timed_out);
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count(), 15.0);
  EXPECT_NE(stopped.output.find("started"), std::string::npos);
}

TEST_F(TilesLesson, FindTheBugNamesTheRaceAndTheBadReadOnTheEmulator) {
  point_at_the_built_cudalab();
  cudalab::Run race = run_step(kToolsStep, {"kernel=no_barrier", "tool=racecheck", "n=20"});
  ASSERT_TRUE(race.status.ok()) << race.status.describe();
  EXPECT_EQ(race.results["kernel"], "mat_mul_tiled_no_barrier");
  ASSERT_EQ(race.results["emulator"]["verdict"], "data race") << race.results["emulator"].dump(1);
  EXPECT_EQ(race.results["finding_tool"], 0);  // racecheck
  const std::string race_words = race.results["emulator"]["details"][0];
  EXPECT_NE(race_words.find("tile_"), std::string::npos) << race_words;
  EXPECT_NE(race_words.find("at line 19"), std::string::npos) << race_words;  // the multiply reads the tiles there
  EXPECT_NE(race_words.find("no __syncthreads() between them"), std::string::npos) << race_words;

  cudalab::Run bad_read = run_step(kToolsStep, {"kernel=no_guard", "tool=memcheck", "n=20"});
  ASSERT_TRUE(bad_read.status.ok()) << bad_read.status.describe();
  ASSERT_EQ(bad_read.results["emulator"]["verdict"], "out of bounds") << bad_read.results["emulator"].dump(1);
  EXPECT_EQ(bad_read.results["finding_tool"], 1);  // memcheck
  const std::string read_words = bad_read.results["emulator"]["details"][0];
  EXPECT_NE(read_words.find("elements (indices 0 to 399)"), std::string::npos) << read_words;

  // At a multiple of 16 no tile is ragged: the missing guard does no harm, and nothing finds it.
  cudalab::Run whole_tiles = run_step(kToolsStep, {"kernel=no_guard", "n=32"});
  ASSERT_TRUE(whole_tiles.status.ok()) << whole_tiles.status.describe();
  EXPECT_EQ(whole_tiles.results["emulator"]["verdict"], "passed");
  EXPECT_EQ(whole_tiles.results["finding_tool"], 3);

  const auto views = lesson->views(kToolsStep, race);
  const auto facts = find_views<FactsView>(views);
  ASSERT_EQ(facts.size(), 2u);
  EXPECT_EQ(fact(*facts[0], "how many"), "the first one: the grader stops at the first race or bad access");
  const auto* table = find_view<TableView>(views);
  ASSERT_NE(table, nullptr);
  EXPECT_EQ(table->rows.at(0).at(1), "data race");
  EXPECT_NE(table->rows.at(1).at(1).find("broken.cu:19"), std::string::npos) << table->rows.at(1).at(1);

  const std::string state = race.results["sanitizer"]["state"];
  if (!lesson_test_on_gpu()) {
    EXPECT_EQ(state, "emulator");
    EXPECT_EQ(fact(*facts[1], "not run"), "this run is on the CPU emulator: compute-sanitizer watches a kernel on a real GPU");
    EXPECT_EQ(find_view<CodeView>(views), nullptr);  // no tool output to show
    return;
  }
  // On a GPU: the tool ran where the toolkit has it, and found the race the emulator found.
  if (tiles::find_compute_sanitizer().empty()) {
    EXPECT_EQ(state, "missing");
    GTEST_SKIP() << "compute-sanitizer is not installed here";
  }
  ASSERT_EQ(state, "ran") << race.results["sanitizer"].dump(1);
  const tiles::SanitizerReport report = tiles::sanitizer_report_from_json(race.results["sanitizer"]["report"]);
  EXPECT_TRUE(report.has_summary) << race.results["sanitizer"]["output"].get<std::string>();
  EXPECT_GT(report.errors + report.warnings, 0);
  ASSERT_FALSE(report.findings.empty());
  EXPECT_EQ(report.findings[0].kernel, "mat_mul_tiled_no_barrier");
  EXPECT_NE(report.findings[0].where.find("broken.cu:1"), std::string::npos) << report.findings[0].where;  // line 16 or 17
  EXPECT_NE(find_view<CodeView>(views), nullptr);

  const tiles::SanitizerReport memcheck =
      tiles::sanitizer_report_from_json(bad_read.results["sanitizer"]["report"]);
  EXPECT_EQ(bad_read.results["sanitizer"]["state"], "ran");
  EXPECT_GT(memcheck.errors, 0) << bad_read.results["sanitizer"]["output"].get<std::string>();
  ASSERT_FALSE(memcheck.findings.empty());
  EXPECT_NE(memcheck.findings[0].kind.find("Invalid __global__ read"), std::string::npos);
}

// Each way the tool can fail is said in words, and its own output is shown as it came.
TEST_F(TilesLesson, FindTheBugSaysWhyTheToolDidNotRunAndShowsItsOutputVerbatim) {
  cudalab::Run run = run_step(kToolsStep, {"kernel=no_barrier", "n=20"});
  ASSERT_TRUE(run.status.ok()) << run.status.describe();

  run.results["sanitizer"] = {{"state", "missing"}, {"path", ""}};
  std::vector<View> views = lesson->views(kToolsStep, run);  // the facts below point into it
  auto facts = find_views<FactsView>(views);
  ASSERT_EQ(facts.size(), 2u);
  EXPECT_NE(fact(*facts[1], "not run").find("it ships with the CUDA toolkit (`compute-sanitizer` in /usr/local/cuda/bin)"),
            std::string::npos);

  run.results["sanitizer"] = {{"state", "emulator"}, {"path", ""}};
  views = lesson->views(kToolsStep, run);
  facts = find_views<FactsView>(views);
  EXPECT_NE(fact(*facts[1], "compute-sanitizer here").find("CUDA toolkit"), std::string::npos);

  tiles::SanitizerRun fake;
  fake.command = {"compute-sanitizer", "--tool", "racecheck"};
  fake.started = true;
  fake.exit_code = 99;
  fake.output = samples::kRacecheck;
  fake.report = tiles::parse_sanitizer_output(fake.output);
  run.results["sanitizer"] = tiles::to_json(fake);
  run.results["sanitizer"]["state"] = "ran";
  views = lesson->views(kToolsStep, run);
  facts = find_views<FactsView>(views);
  EXPECT_EQ(fact(*facts[1], "its summary"), "\"RACECHECK SUMMARY: 2 hazards displayed (1 error, 1 warning)\"");
  EXPECT_EQ(fact(*facts[1], "hazards"), "7232 in 2 reports (1 errors, 1 warnings)");
  EXPECT_EQ(fact(*facts[1], "first report"),
            "\"RAW hazard\" in mat_mul_tiled_no_barrier, at broken.cu:17 and broken.cu:19");
  const auto* log = find_view<CodeView>(views);
  ASSERT_NE(log, nullptr);
  EXPECT_EQ(log->text, samples::kRacecheck);
  const auto* table = find_view<TableView>(views);
  EXPECT_EQ(table->rows.at(2).at(2), "7232 hazards");

  run.results["sanitizer"]["state"] = "timed_out";
  run.results["sanitizer"]["time_limit_seconds"] = 90;
  views = lesson->views(kToolsStep, run);
  facts = find_views<FactsView>(views);
  EXPECT_EQ(fact(*facts[1], "stopped"), "stopped at its time limit of 90 s; what it printed by then is below");
}
