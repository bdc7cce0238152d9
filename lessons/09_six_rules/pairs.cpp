// What every rule's pair shares: its description, its results, its speedup in words, its views.
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "six_rules_steps.h"
#include "text/say.h"

namespace cudalab::lessons::six_rules {

const RuleInfo& rule_info(Rule rule) {
  static const RuleInfo kInfo[kRules] = {
      {"1. Parallelize", "a loop on one CPU core", "a kernel, one thread per element",
       "Chapter 2, step 2 (Covering an array) and Chapter 4, step 3 (When the GPU is worth it)"},
      {"2. Minimize transfers", "copy in, kernel, copy out for every operation",
       "copy in once, every kernel on the device, copy out once", "Chapter 4, step 1 (The round trip as a timeline)"},
      {"3. Launch configuration", "one block of 256 threads", "one thread per element: enough blocks for every SM",
       "Chapter 8, step 3 (Enough blocks to fill the GPU)"},
      {"4. Coalesce global memory", "row from x: a warp's threads n floats apart",
       "column from x: a warp's threads on neighbouring floats", "Chapter 5, step 3 (Which index is x)"},
      {"5. Avoid redundant global reads", "every thread reads its row and column from global memory",
       "16 × 16 tiles in shared memory", "Chapter 6, step 2 (Traffic)"},
      {"6. Avoid divergence", "branch on threadIdx.x % 2: both paths in every warp",
       "branch on the warp number: one path per warp",
       "Chapter 7, step 1 (Warps and divergence)"},
  };
  return kInfo[static_cast<int>(rule)];
}

Status measure_rule(Rule rule, const RuleSizes& sizes, Device& device, RunControl& control, PairOutcome* out) {
  switch (rule) {
    case Rule::parallelize: return measure_parallelize(sizes, device, control, out);
    case Rule::transfers: return measure_transfers(sizes, device, control, out);
    case Rule::launch_configuration: return measure_launch_configuration(sizes, device, control, out);
    case Rule::coalescing: return measure_coalescing(sizes, device, control, out);
    case Rule::reuse: return measure_reuse(sizes, device, control, out);
    case Rule::divergence: return measure_divergence(sizes, device, control, out);
  }
  return Status::error(StatusCode::internal, "no such rule");
}

namespace {
// A clock in a few words, for tables.
const char* clock_of(TimingSource source) {
  switch (source) {
    case TimingSource::gpu_events: return "GPU time";
    case TimingSource::emulator_clock: return "emulator time";
    case TimingSource::host_clock: return "CPU time";
  }
  return "?";
}
}  // namespace

nlohmann::json pair_json(Rule rule, const PairOutcome& pair) {
  const RuleInfo& info = rule_info(rule);
  return {{"rule", static_cast<int>(rule)},
          {"name", info.name},
          {"before", info.before},
          {"after", info.after},
          {"taught_in", info.taught_in},
          {"before_ms", pair.before.ms},
          {"after_ms", pair.after.ms},
          {"before_clock", clock_of(pair.before.source)},
          {"after_clock", clock_of(pair.after.source)},
          {"before_timing", timing_label(pair.before.source)},
          {"after_timing", timing_label(pair.after.source)},
          {"speedup", pair.after.ms > 0 ? pair.before.ms / pair.after.ms : 0.0},
          {"after_faster", pair.after.ms < pair.before.ms ? 1 : 0},
          {"worst_error", pair.worst_error},
          {"matches", pair.matches}};
}

std::string rule_words(const nlohmann::json& pair, const char* RuleInfo::*field) {
  const int rule = pair.value("rule", -1);
  return rule >= 0 && rule < kRules ? std::string(rule_info(static_cast<Rule>(rule)).*field) : "";
}

std::string speedup_in_words(const nlohmann::json& pair) {
  const std::string before = pair.value("before_clock", ""), after = pair.value("after_clock", "");
  if (before == after) return say("{:.2f}× ({} vs the same clock)", pair.value("speedup", 0.0), after);
  return say("{:.2f}× ({} vs {}: two different clocks)", pair.value("speedup", 0.0), after, before);
}

RuleSizes sizes_of(const ParamValues& values) {
  RuleSizes sizes;
  if (auto it = values.find("elements"); it != values.end()) sizes.elements = static_cast<int>(it->second);
  if (auto it = values.find("operations"); it != values.end()) sizes.operations = static_cast<int>(it->second);
  if (auto it = values.find("n"); it != values.end()) sizes.n = static_cast<int>(it->second);
  if (auto it = values.find("rounds"); it != values.end()) sizes.rounds = static_cast<int>(it->second);
  return sizes;
}

void run_pair_step(Rule rule, const RuleSizes& sizes, Device& device, RunControl& control, Run* run) {
  PairOutcome pair;
  run->status = measure_rule(rule, sizes, device, control, &pair);
  if (!run->status.ok()) return;
  if (!pair.matches) {
    run->status = Status::error(StatusCode::internal, say("{}: a result differs from the CPU reference (worst "
                                                          "relative error {:.2g})",
                                                          rule_info(rule).name, pair.worst_error));
    return;
  }
  run->results["pair"] = pair_json(rule, pair);
  run->results["after_faster"] = run->results["pair"]["after_faster"];
  run->results["speedup"] = run->results["pair"]["speedup"];
  run->timings.push_back(pair.before);
  run->timings.push_back(pair.after);
}

std::vector<View> pair_views(const Run& run) {
  const nlohmann::json& pair = run.results.value("pair", nlohmann::json::object());
  ChartView chart;
  chart.title = say("{}: before and after (ms; before: {}, after: {})", rule_words(pair, &RuleInfo::name),
                    pair.value("before_clock", ""), pair.value("after_clock", ""));
  chart.kind = ChartView::Kind::bar;
  chart.y_label = "ms";
  chart.categories = {say("before: {}", rule_words(pair, &RuleInfo::before)),
                      say("after: {}", rule_words(pair, &RuleInfo::after))};
  chart.series.push_back({"time", {0, 1}, {pair.value("before_ms", 0.0), pair.value("after_ms", 0.0)}});
  FactsView facts;
  facts.title = word(rule_words(pair, &RuleInfo::name));
  facts.facts = {
      {"before", say("{} — {}", milliseconds_three_digits(pair.value("before_ms", 0.0)), pair.value("before_timing", ""))},
      {"after", say("{} — {}", milliseconds_three_digits(pair.value("after_ms", 0.0)), pair.value("after_timing", ""))},
      {"speedup (before ÷ after)", speedup_in_words(pair)},
      {"checked against the CPU", say("{} (worst relative error {:.1e})", pair.value("matches", false) ? "both match" : "MISMATCH",
                                      pair.value("worst_error", 0.0))},
      {"taught in", word(rule_words(pair, &RuleInfo::taught_in))}};
  if (!run.device.is_gpu())
    facts.facts.push_back({"on the emulator", "times are CPU times: the emulator shows the rule's code, not a GPU's speed"});
  return views_of(std::move(chart), std::move(facts));
}

Param elements_param() {
  Param elements{"elements", "Elements", Param::Kind::integer, 1024, 1 << 26, 1 << 20};
  elements.log_scale = true;
  return elements;
}

Param matrix_param() {
  Param n{"n", "Matrix size n (n × n)", Param::Kind::integer, 16, 4096, 256};
  n.log_scale = true;
  return n;
}

double worst_relative_error(const std::vector<float>& got, const std::vector<float>& want) {
  double worst = got.size() == want.size() ? 0 : INFINITY;
  for (std::size_t i = 0; i < got.size() && i < want.size(); ++i)
    worst = std::max(worst, std::abs(double(got[i]) - double(want[i])) / std::max(std::abs(double(want[i])), 1e-30));
  return worst;
}

}  // namespace cudalab::lessons::six_rules
