// Chapter 9, the six rules: every pair runs on the device and both of its sides match the CPU
// reference (a step whose side differs fails its run); speedups carry their clocks. The same binary
// runs on the emulator and, as gpu.*, on a GPU.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "09_six_rules/six_rules_steps.h"
#include "lesson_test_support.h"

using namespace cudalab;
using namespace cudalab::lessons;
using namespace cudalab::lessons::lesson_tests;

namespace {
struct SixRulesLesson : ChapterTest {
  SixRulesLesson() : ChapterTest("rules") {}
  std::string kernel_clock() const { return device->is_gpu() ? "GPU time" : "emulator time"; }
};

// Each rule's step, with sizes small enough for the emulator.
const std::vector<std::vector<std::string>> kLight = {
    {"elements=4096"}, {"elements=4096", "operations=4"}, {"elements=4096"}, {"n=64"}, {"n=48"}, {"elements=4096"}};
}  // namespace

TEST_F(SixRulesLesson, EveryPairMatchesItsCpuReference) {
  for (int rule = 0; rule < six_rules::kRules; ++rule) {
    SCOPED_TRACE(six_rules::rule_info(six_rules::Rule(rule)).name);
    cudalab::Run run = run_step(rule, kLight[std::size_t(rule)]);
    ASSERT_TRUE(run.status.ok()) << run.status.describe();
    const auto& pair = run.results["pair"];
    EXPECT_TRUE(pair["matches"].get<bool>());
    EXPECT_LT(pair["worst_error"].get<double>(), six_rules::kTolerance);
    EXPECT_GT(pair["before_ms"].get<double>(), 0);
    EXPECT_GT(pair["after_ms"].get<double>(), 0);
    EXPECT_EQ(run.results["after_faster"], pair["after_ms"].get<double>() < pair["before_ms"].get<double>() ? 1 : 0);
    EXPECT_FALSE(pair["taught_in"].get<std::string>().empty());
    // The clocks: rule 1's loop and rule 2's end-to-end times are CPU times; the rest the device's.
    EXPECT_EQ(pair["before_clock"], rule <= 1 ? "CPU time" : kernel_clock());
    EXPECT_EQ(pair["after_clock"], rule == 1 ? "CPU time" : kernel_clock());
    const auto views = lesson->views(rule, run);
    ASSERT_NE(find_view<ChartView>(views), nullptr);
    EXPECT_NE(fact(*find_view<FactsView>(views), "speedup (before ÷ after)").find(pair["after_clock"].get<std::string>()),
              std::string::npos);
  }
}

TEST_F(SixRulesLesson, TheRaceMeasuresAllSixAndNamesTheLargest) {
  cudalab::Run run = run_step(6, {"elements=4096", "n=32"});
  ASSERT_TRUE(run.status.ok()) << run.status.describe();
  ASSERT_EQ(run.results["rows"].size(), 6u);
  double best = 0;
  int best_rule = -1;
  for (const auto& row : run.results["rows"]) {
    EXPECT_TRUE(row["matches"].get<bool>());
    if (row["speedup"].get<double>() > best) best = row["speedup"], best_rule = row["rule"];
  }
  EXPECT_EQ(run.results["largest_speedup"], best_rule);
  const auto views = lesson->views(6, run);
  const auto* table = find_view<TableView>(views);
  ASSERT_NE(table, nullptr);
  EXPECT_EQ(table->rows.size(), 6u);
  if (!device->is_gpu())
    for (const auto& row : table->rows) EXPECT_EQ(row[3].find("GPU time"), std::string::npos) << row[3];
}

TEST_F(SixRulesLesson, ReuseIsCheckedAgainstADoublePrecisionProduct) {
  // A ragged n (not a multiple of the 16 × 16 tile) exercises the tiled kernel's guards.
  cudalab::Run run = run_step(4, {"n=40"});
  ASSERT_TRUE(run.status.ok()) << run.status.describe();
  EXPECT_TRUE(run.results["pair"]["matches"].get<bool>());
}
