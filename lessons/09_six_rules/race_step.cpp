// Chapter 9, step 7: the six pairs raced on this device, one row each, with each speedup's clocks
// named (GPU time, CPU time, emulator time), and every pair checked against its CPU reference.
#include <algorithm>

#include <fmt/format.h>

#include "six_rules_steps.h"
#include "text/say.h"

namespace cudalab::lessons::six_rules {

Step race_step() {
  Param elements = elements_param();
  elements.emulator_default = 1 << 18;
  elements.help = "For rules 1, 2, 3 and 6 (rule 2 uses a quarter of it).";
  Param n = matrix_param();
  n.max = 2048;
  n.emulator_default = 128;
  n.help = "For rules 4 and 5 (rule 4 uses 4 × n).";
  Step step{"The six rules raced", {elements, n}};
  step.time_limit_seconds = 180;
  step.kernels = {"polynomial", "add_one_to_each", "polynomial_grid_stride", "add_matrices_col_from_x",
                  "matmul_shared_tiles", "branch_on_odd_warp"};
  std::vector<std::string> choices;
  for (int rule = 0; rule < kRules; ++rule) choices.push_back(rule_info(Rule(rule)).name);
  step.prediction = Prediction{.question = "Which rule gives the largest speedup on this device?",
                               .kind = Prediction::Kind::choice,
                               .choices = choices,
                               .answer_key = "largest_speedup"};
  return step;
}

void run_race(const ParamValues& values, Device& device, RunControl& control, Run* run) {
  RuleSizes sizes = sizes_of(values);
  run->results["rows"] = nlohmann::json::array();
  double best = -1;
  for (int rule = 0; rule < kRules; ++rule) {
    RuleSizes these = sizes;
    if (Rule(rule) == Rule::transfers) these.elements = std::max(1024, sizes.elements / 4);
    if (Rule(rule) == Rule::coalescing) these.n = std::min(4096, 4 * sizes.n);
    PairOutcome pair;
    run->status = measure_rule(Rule(rule), these, device, control, &pair);
    if (!run->status.ok()) return;
    if (!pair.matches) {
      run->status = Status::error(StatusCode::internal, say("{}: a result differs from the CPU reference",
                                                            rule_info(Rule(rule)).name));
      return;
    }
    nlohmann::json row = pair_json(Rule(rule), pair);
    if (row["speedup"].get<double>() > best) best = row["speedup"], run->results["largest_speedup"] = rule;
    run->results["rows"].push_back(row);
    run->timings.push_back(pair.before);
    run->timings.push_back(pair.after);
    control.progress = float(rule + 1) / kRules;
    control.publish(*run);
  }
}

std::vector<View> race_views(const Run& run) {
  ChartView chart;
  chart.title = run.device.is_gpu() ? "Speedup of each rule on this GPU (before ÷ after; rule 1: CPU time ÷ GPU time)"
                                    : "Speedup of each rule on the emulator (CPU times, not GPU times)";
  chart.kind = ChartView::Kind::bar;
  chart.y_label = "× faster";
  chart.log_y = true;
  ChartView::Series series{"speedup", {}, {}};
  TableView table;
  table.title = "The six rules, measured";
  table.columns = {"rule", "before", "after", "speedup (clocks)", "checked", "taught in"};
  int index = 0;
  for (const auto& row : run.results.value("rows", nlohmann::json::array())) {
    chart.categories.push_back(word(rule_words(row, &RuleInfo::name)));
    series.x.push_back(index++);
    series.y.push_back(row.value("speedup", 0.0));
    table.rows.push_back({word(rule_words(row, &RuleInfo::name)),
                          say("{}: {}", rule_words(row, &RuleInfo::before), milliseconds_three_digits(row.value("before_ms", 0.0))),
                          say("{}: {}", rule_words(row, &RuleInfo::after), milliseconds_three_digits(row.value("after_ms", 0.0))),
                          speedup_in_words(row), row.value("matches", false) ? "matches the CPU" : "MISMATCH",
                          word(rule_words(row, &RuleInfo::taught_in))});
  }
  chart.series.push_back(std::move(series));
  FactsView facts;
  facts.title = "Clocks";
  facts.facts = {{"GPU time", "CUDA events on the GPU"},
                 {"emulator time", "the CPU emulator's steady clock: a CPU figure, never a GPU time"},
                 {"CPU time", say("the host's steady clock (rule {}'s loop; rule {} end to end, copies included)", 1, 2)}};
  if (!run.device.is_gpu())
    facts.facts.push_back({"divergence", "the emulator runs each thread alone: it cannot show divergence cost"});
  return views_of(std::move(chart), std::move(table), std::move(facts));
}

}  // namespace cudalab::lessons::six_rules
