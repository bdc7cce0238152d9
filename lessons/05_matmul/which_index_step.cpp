// Chapter 5, step 3: which index is x. The Numba tutorial takes the row from the x index; the
// coalesced kernel takes the column. Both run traced on a 32 × 32 matrix (the addresses one warp
// touches, and the 32-byte memory sectors each warp-wide load needs, counted from the trace), then
// both run untraced at the chosen n, timed, their results checked against float64.
#include <map>
#include <set>
#include <tuple>

#include <fmt/format.h>

#include "common/matmul/contenders.h"
#include "common/matmul/matrix_panels.h"
#include "common/matmul/trace_kinds.h"
#include "matmul_steps.h"
#include "text/say.h"
#include "traced_naive.h"

namespace cudalab::lessons::matmul {
namespace {

constexpr int kTracedN = 32;          // the matrix whose addresses are drawn
constexpr int kFloatsPerSector = 8;   // a memory sector is 32 bytes
constexpr unsigned kWarp = 32;
const int kBlockEdges[] = {8, 16, 32};

struct MappingInfo {
  NaiveMapping mapping;
  const char* key;
  const char* title;
};
const MappingInfo kMappings[] = {
    {NaiveMapping::row_from_x, "row_from_x", "row from x (mat_mul_naive_kernel, as in the Numba tutorial)"},
    {NaiveMapping::column_from_x, "column_from_x", "column from x (mat_mul_coalesced_kernel)"},
};

// Sectors per warp-wide access, averaged over every warp and every k of the traced run, and the
// cells one warp touched at one k.
nlohmann::json analyse(const TracedNaiveRun& traced, unsigned warp, int k) {
  // (block, warp, k) → sectors of A and of B; (block, warp) → sectors of C.
  std::map<std::tuple<std::uint32_t, unsigned, int>, std::pair<std::set<int>, std::set<int>>> loads;
  std::map<std::pair<std::uint32_t, unsigned>, std::set<int>> stores;
  std::vector<int> cells_a, cells_b, cells_c;
  for (const TraceEvent& e : traced.trace) {
    const unsigned event_warp = e.thread / kWarp;
    const bool shown = e.block == 0 && event_warp == warp;
    if (e.kind == kReadA || e.kind == kReadB) {
      auto& [sectors_a, sectors_b] = loads[{e.block, event_warp, e.payload[1]}];
      (e.kind == kReadA ? sectors_a : sectors_b).insert(e.payload[0] / kFloatsPerSector);
      if (shown && e.payload[1] == k) (e.kind == kReadA ? cells_a : cells_b).push_back(e.payload[0]);
    } else if (e.kind == kWroteC) {
      const int index = e.payload[0] * traced.n + e.payload[1];
      stores[{e.block, event_warp}].insert(index / kFloatsPerSector);
      if (shown) cells_c.push_back(index);
    }
  }
  double sectors_a = 0, sectors_b = 0, sectors_c = 0;
  for (const auto& [key, sectors] : loads) sectors_a += sectors.first.size(), sectors_b += sectors.second.size();
  for (const auto& [key, sectors] : stores) sectors_c += sectors.size();
  return {{"sectors_per_load_a", loads.empty() ? 0 : sectors_a / loads.size()},
          {"sectors_per_load_b", loads.empty() ? 0 : sectors_b / loads.size()},
          {"sectors_per_store_c", stores.empty() ? 0 : sectors_c / stores.size()},
          {"cells_a", cells_a},
          {"cells_b", cells_b},
          {"cells_c", cells_c}};
}

}  // namespace

Step which_index_step() {
  Param n{"n", "Matrix size n (timed)", Param::Kind::integer, 16, 8192, 512};
  n.log_scale = true;
  n.help = "The size both kernels are timed at. On the emulator, large sizes take a while.";
  Param edge{"block_edge", "Threads per block (each side)", Param::Kind::choice, 0, 2, 1};
  edge.choices = {"8", "16", "32"};
  Param warp{"warp", "Warp drawn (of block 0)", Param::Kind::integer, 0, 31, 0};
  warp.help = "Which warp of block 0 the picture follows: threads 32·w to 32·w + 31.";
  Param k{"k", "Step k drawn", Param::Kind::integer, 0, kTracedN - 1, 0};
  k.help = "Which turn of the loop over k the picture shows.";
  Step step{"Which index is x", {n, edge, warp, k}};
  step.kernels = {"mat_mul_naive_kernel", "mat_mul_coalesced_kernel"};
  step.prediction = Prediction{.question = "n = {n}, blocks of {block_edge} × {block_edge}: which kernel is faster?",
                               .kind = Prediction::Kind::choice,
                               .choices = {"x gives the row (mat_mul_naive_kernel)", "x gives the column (mat_mul_coalesced_kernel)"},
                               .answer_key = "faster_mapping"};
  return step;
}

void run_which_index(const ParamValues& values, Device& device, RunControl& control, Run* run) {
  const int n = static_cast<int>(values.at("n"));
  const int edge = kBlockEdges[std::clamp(static_cast<int>(values.at("block_edge")), 0, 2)];
  const auto warp = static_cast<unsigned>(values.at("warp"));
  const int k = static_cast<int>(values.at("k"));
  run->results["n"] = n;
  run->results["block_edge"] = edge;
  run->results["warp"] = warp;
  run->results["k"] = k;
  run->status = [&]() -> Status {
    const unsigned warps = (unsigned(edge * edge) + kWarp - 1) / kWarp;
    if (warp >= warps)
      return Status::error(StatusCode::invalid_argument,
                           say("a block of {} × {} threads has warps 0 to {}; there is no warp {}", edge, edge,
                               warps - 1, warp));
    CUDALAB_RETURN_IF_ERROR(check_problem_fits(device, n));
    CUDALAB_RETURN_IF_ERROR(check_host_memory(4.0 * 4 * n * n + 8.0 * std::min(n, kEveryRowUpTo) * n, "this step"));
    for (const MappingInfo& m : kMappings) {
      TracedNaiveRun traced;
      CUDALAB_RETURN_IF_ERROR(run_traced_naive(device, kTracedN, static_cast<unsigned>(edge), m.mapping, &traced));
      run->results["traced"][m.key] = analyse(traced, warp, k);
    }
    control.progress = 0.05f;
    const Matrix a = random_matrix(n, 1), b = random_matrix(n, 2);
    Reference reference;
    CUDALAB_RETURN_IF_ERROR(make_reference(a, b, n, &control, &reference));
    control.progress = 0.2f;
    const RaceInputs inputs{n, &a, &b, &reference};
    for (const MappingInfo& m : kMappings) {
      const Contender contender =
          m.mapping == NaiveMapping::row_from_x ? Contender::naive_row_from_x : Contender::naive_coalesced;
      ContenderResult result = measure_contender(device, {contender, edge}, inputs, &control);
      if (result.outcome == ContenderResult::Outcome::cancelled) return cancelled_status();
      if (result.outcome == ContenderResult::Outcome::failed)
        return Status::error(StatusCode::launch_failed, result.note);
      nlohmann::json& timed = run->results["timed"][m.key];
      timed["outcome"] = to_string(result.outcome);
      timed["note"] = result.note;
      timed["error"] = result.error;
      timed["gflops"] = result.gflops();
      timed["ms"] = result.outcome == ContenderResult::Outcome::measured ? result.compute.ms : 0.0;
      result.compute.label = say("{}: kernel", m.key);
      if (result.outcome == ContenderResult::Outcome::measured) run->timings.push_back(result.compute);
      control.progress = control.progress + 0.4f;
    }
    run->results["reference"] = reference_in_words(reference);
    const double row_ms = run->results["timed"]["row_from_x"].value("ms", 0.0);
    const double column_ms = run->results["timed"]["column_from_x"].value("ms", 0.0);
    if (row_ms > 0 && column_ms > 0) run->results["faster_mapping"] = column_ms < row_ms ? 1 : 0;
    return Status::success();
  }();
}

std::vector<View> which_index_views(const Run& run) {
  const int n = run.results.value("n", 0), edge = run.results.value("block_edge", 16), k = run.results.value("k", 0);
  const unsigned warp = run.results.value("warp", 0u);
  if (!run.results.contains("traced")) return {};
  std::vector<View> views;
  TableView table;
  table.title = say("Per warp-wide access: 32-byte memory sectors (counted from the trace at n = {}), and the "
                    "kernels timed at n = {}",
                    kTracedN, n);
  table.columns = {"x index gives", "sectors per load of A", "of B", "per store of C", "kernel time", "GFLOP/s", "error"};
  ChartView chart;
  chart.title = say("Naive kernels at n = {}, {} × {} threads per block", n, edge, edge);
  chart.kind = ChartView::Kind::bar;
  chart.x_label = "which index is x";
  chart.y_label = "GFLOP/s";
  ChartView::Series series{"measured", {}, {}};
  double rates[2] = {0, 0};
  for (int i = 0; i < 2; ++i) {
    const MappingInfo& m = kMappings[i];
    const nlohmann::json& traced = run.results["traced"].value(m.key, nlohmann::json::object());
    MatrixPanels panels(kTracedN, kTracedN, {"A", "B", "C"});
    int panel = 0;
    for (const char* cells : {"cells_a", "cells_b", "cells_c"}) {
      for (int index : traced.value(cells, std::vector<int>{})) {
        if (index < 0 || index >= kTracedN * kTracedN) continue;
        CellGridView::Cell& cell = panels.cell(panel, index / kTracedN, index % kTracedN);
        cell.group = panel;
        cell.tooltip = say("{}[{}][{}], element {}: 32-byte sector {}", "ABC"[panel], index / kTracedN,
                           index % kTracedN, index, index / kFloatsPerSector);
      }
      ++panel;
    }
    views.emplace_back(panels.take(
        say("{}: warp {} of block 0 at k = {} (A and B), and the elements of C it writes", m.title, warp, k),
        {"A, read by this warp at this k", "B, read by this warp at this k", "C, written by this warp"}));
    const nlohmann::json& timed = run.results.contains("timed") ? run.results["timed"].value(m.key, nlohmann::json::object())
                                                                : nlohmann::json::object();
    const bool measured = timed.value("outcome", "") == "measured";
    rates[i] = timed.value("gflops", 0.0);
    table.rows.push_back({i == 0 ? "row" : "column", say("{:.1f}", traced.value("sectors_per_load_a", 0.0)),
                          say("{:.1f}", traced.value("sectors_per_load_b", 0.0)),
                          say("{:.1f}", traced.value("sectors_per_store_c", 0.0)),
                          measured ? milliseconds_three_digits(timed.value("ms", 0.0)) : timed.value("note", "not run"),
                          measured ? flop_rate_in_words(rates[i]) : "—", say("{:.2g}", timed.value("error", 0.0))});
    chart.categories.push_back(i == 0 ? "row from x" : "column from x");
    series.x.push_back(i);
    series.y.push_back(rates[i]);
  }
  chart.series.push_back(std::move(series));
  FactsView facts;
  facts.title = "Which index is x";
  const std::string clock = run.timings.empty() ? "" : describe(run.timings.front().source);
  facts.facts = {
      {"column from x against row from x", rates[0] > 0 && rates[1] > 0 ? say("{:.2f}× the speed", rates[1] / rates[0]) : "—"},
      {"times", clock.empty() ? "—" : clock + (run.device.is_gpu() ? ", median of several after a warm-up" : "")},
      {"results checked against", run.results.value("reference", "")},
  };
  views.emplace_back(std::move(table));
  views.emplace_back(std::move(chart));
  views.emplace_back(std::move(facts));
  return views;
}

}  // namespace cudalab::lessons::matmul
