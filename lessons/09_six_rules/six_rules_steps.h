#pragma once
// Chapter 9's steps: one per rule (a before/after pair measured on the current device and checked
// against the CPU), then the race of all six. Each rule's file holds its measurement, which the
// race reuses; pairs.cpp holds what every pair shares (results, speedup in words, views).
#include <string>
#include <vector>

#include "common/measuring.h"
#include "common/views_of.h"
#include "lesson.h"

namespace cudalab::lessons::six_rules {

enum class Rule { parallelize, transfers, launch_configuration, coalescing, reuse, divergence };
inline constexpr int kRules = 6;

struct RuleInfo {
  const char* name;       // "Parallelize"
  const char* before;     // what the slow side does, in words
  const char* after;      // what the rule's side does
  const char* taught_in;  // "Chapter 5, step 3 (Which index is x)"
};
const RuleInfo& rule_info(Rule rule);
// One of a pair's words (its results' "rule"), as this CUDA Lab has them: a recorded run's words
// are its day's, and a rule's wording or its chapter may have changed since.
std::string rule_words(const nlohmann::json& pair, const char* RuleInfo::*field);

// The sizes a pair is measured at (each rule uses what it needs).
struct RuleSizes {
  int elements = 1 << 20;  // rules 1, 2, 3, 6
  int operations = 16;     // rule 2: kernels in a row
  int n = 256;             // rules 4, 5: n × n matrices
  int rounds = 32;         // rule 6: work per path
};

struct PairOutcome {
  Timing before, after;
  double worst_error = 0;  // the worse side's, relative to the CPU reference
  bool matches = false;    // both sides agree with the CPU reference
};

// Each rule's pair on `device`: both sides timed, both checked against the CPU reference.
Status measure_parallelize(const RuleSizes& sizes, Device& device, RunControl& control, PairOutcome* out);
Status measure_transfers(const RuleSizes& sizes, Device& device, RunControl& control, PairOutcome* out);
Status measure_launch_configuration(const RuleSizes& sizes, Device& device, RunControl& control, PairOutcome* out);
Status measure_coalescing(const RuleSizes& sizes, Device& device, RunControl& control, PairOutcome* out);
Status measure_reuse(const RuleSizes& sizes, Device& device, RunControl& control, PairOutcome* out);
Status measure_divergence(const RuleSizes& sizes, Device& device, RunControl& control, PairOutcome* out);
Status measure_rule(Rule rule, const RuleSizes& sizes, Device& device, RunControl& control, PairOutcome* out);

// The pair as results: before/after times with their clocks, speedup, check; "after_faster" is
// the answer of the steps' "which is faster?" (0: before, 1: after).
nlohmann::json pair_json(Rule rule, const PairOutcome& pair);
// "3.2× (before: CPU emulator … ; after: …)": a speedup names its baseline and its clocks.
std::string speedup_in_words(const nlohmann::json& pair);
// One rule step's run and views, the same for all six.
void run_pair_step(Rule rule, const RuleSizes& sizes, Device& device, RunControl& control, Run* run);
std::vector<View> pair_views(const Run& run);
// Sizes from a step's parameters (those it has).
RuleSizes sizes_of(const ParamValues& values);

// Each rule's step asks how many times faster its second version is (issue #30: a factor teaches
// more than a coin flip); an answer within half of the measured speedup counts. On the emulator the
// factor is the CPU's, and the step's facts say so.
inline constexpr double kFactorTolerance = 0.5;

Step parallelize_step();
Step transfers_step();
Step launch_configuration_step();
Step coalescing_step();
Step reuse_step();
Step divergence_step();
void run_parallelize(const ParamValues& values, Device& device, RunControl& control, Run* run);
void run_transfers(const ParamValues& values, Device& device, RunControl& control, Run* run);
void run_launch_configuration(const ParamValues& values, Device& device, RunControl& control, Run* run);
void run_coalescing(const ParamValues& values, Device& device, RunControl& control, Run* run);
void run_reuse(const ParamValues& values, Device& device, RunControl& control, Run* run);
void run_divergence(const ParamValues& values, Device& device, RunControl& control, Run* run);

Step race_step();
void run_race(const ParamValues& values, Device& device, RunControl& control, Run* run);
std::vector<View> race_views(const Run& run);

// Parameters the steps share.
Param elements_param();
Param matrix_param();
// Random inputs in [1, 2) (never zero) and the worst relative error of `got` against `want`.
double worst_relative_error(const std::vector<float>& got, const std::vector<float>& want);
inline constexpr double kTolerance = 1e-3;

}  // namespace cudalab::lessons::six_rules
