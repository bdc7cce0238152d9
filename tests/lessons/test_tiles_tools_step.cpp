// Chapter 6, step 5 "Find the bug with tools": compute-sanitizer's report read from its real
// output, the tool started as a child (a fake one here, with its arguments and time limit
// checked), and the step on either backend: the exercise grader's findings on the emulator and,
// on a GPU, the tool's. Run twice (one binary): on the emulator, and as gpu.* on a GPU.
#include <gtest/gtest.h>

#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "06_tiles/sanitizer_run.h"
#include "lesson.h"
#include "lesson_test_support.h"
#include "sanitizer_samples.h"

using namespace cudalab;
using namespace cudalab::lessons;
using namespace cudalab::lessons::lesson_tests;

namespace {

constexpr int kToolsStep = 4;

struct TilesToolsStep : ChapterTest {
  TilesToolsStep() : ChapterTest("tiles") {}
};

}  // namespace

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

TEST_F(TilesToolsStep, FindTheBugNamesTheRaceAndTheBadReadOnTheEmulator) {
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
TEST_F(TilesToolsStep, FindTheBugSaysWhyTheToolDidNotRunAndShowsItsOutputVerbatim) {
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
