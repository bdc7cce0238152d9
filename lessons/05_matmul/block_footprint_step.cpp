// Chapter 5, step 2: a block's footprint. All the rows of A and columns of B one block of the naive
// kernel reads, how often it reads each element, and the traffic of the whole launch against the
// bytes the problem needs: counted in the trace of a real run.
#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "common/matmul/matrix_panels.h"
#include "common/matmul/trace_kinds.h"
#include "matmul_steps.h"
#include "text/say.h"
#include "traced_naive.h"

namespace cudalab::lessons::matmul {
Step block_footprint_step() {
  Param n{"n", "Matrix size n", Param::Kind::integer, 1, 32, 16};
  n.help = "A, B and C are n × n.";
  Param edge{"block_edge", "Threads per block (each side)", Param::Kind::integer, 1, 16, 4};
  edge.help = "Bigger blocks read each element they need more times.";
  Param block_x{"block_x", "Block x", Param::Kind::integer, 0, 31, 1};
  block_x.help = "blockIdx.x of the block shown; with the row from x, it picks the block's rows.";
  Param block_y{"block_y", "Block y", Param::Kind::integer, 0, 31, 0};
  block_y.help = "blockIdx.y of the block shown: its columns.";
  Step step{"A block's footprint", {n, edge, block_x, block_y}};
  step.kernels = {"mat_mul_naive_kernel"};
  step.prediction = Prediction{.question = "n = {n}: how many loads from global memory does one thread make?",
                               .unit = "loads",
                               .answer_key = "most_loads_per_thread"};
  return step;
}

void run_block_footprint(const ParamValues& values, Device& device, RunControl&, Run* run) {
  const int n = static_cast<int>(values.at("n"));
  const auto block_edge = static_cast<unsigned>(values.at("block_edge"));
  const auto block_x = static_cast<unsigned>(values.at("block_x")), block_y = static_cast<unsigned>(values.at("block_y"));
  run->status = [&]() -> Status {
    TracedNaiveRun traced;
    CUDALAB_RETURN_IF_ERROR(run_traced_naive(device, n, block_edge, NaiveMapping::row_from_x, &traced));
    if (block_x >= traced.config.grid.x || block_y >= traced.config.grid.y)
      return Status::error(StatusCode::invalid_argument,
                           say("the grid has blocks 0 to {} along x and 0 to {} along y; there is no block ({}, {})",
                               traced.config.grid.x - 1, traced.config.grid.y - 1, block_x, block_y));
    Reference reference;
    CUDALAB_RETURN_IF_ERROR(make_reference(traced.a, traced.b, n, nullptr, &reference));
    const std::uint32_t chosen = block_x + block_y * traced.config.grid.x;
    std::uint64_t loads = 0, stores = 0;
    std::map<std::uint32_t, int> loads_per_thread;  // every thread that computed an element
    for (const TraceEvent& e : traced.trace) {
      const bool load = e.kind == kReadA || e.kind == kReadB;
      loads += load;
      stores += e.kind == kWroteC;
      if (load) ++loads_per_thread[e.block * traced.config.block.volume() + e.thread];
      if (e.block == chosen) run->trace.push_back(e);
    }
    int fewest = 0, most = 0;
    if (!loads_per_thread.empty()) {
      auto [low, high] = std::minmax_element(loads_per_thread.begin(), loads_per_thread.end(),
                                             [](const auto& x, const auto& y) { return x.second < y.second; });
      fewest = low->second;
      most = high->second;
    }
    run->results["n"] = n;
    run->results["block_edge"] = block_edge;
    run->results["block_x"] = block_x;
    run->results["block_y"] = block_y;
    run->results["launch"] = traced.config.str();
    run->results["loads"] = loads;
    run->results["stores"] = stores;
    run->results["threads_that_computed"] = loads_per_thread.size();
    run->results["fewest_loads_per_thread"] = fewest;
    run->results["most_loads_per_thread"] = most;
    run->results["error"] = relative_error(traced.c, reference);
    return Status::success();
  }();
}

std::vector<View> block_footprint_views(const Run& run) {
  const int n = run.results.value("n", 0);
  const unsigned edge = run.results.value("block_edge", 1u);
  const unsigned block_x = run.results.value("block_x", 0u), block_y = run.results.value("block_y", 0u);
  if (n < 1) return {};

  // How often this block loaded each element, from its trace.
  std::map<int, int> loads_a, loads_b;
  std::map<std::pair<int, int>, int> written;
  std::uint64_t block_loads = 0;
  for (const TraceEvent& e : run.trace) {
    if (e.kind == kReadA) ++loads_a[e.payload[0]], ++block_loads;
    if (e.kind == kReadB) ++loads_b[e.payload[0]], ++block_loads;
    if (e.kind == kWroteC) ++written[{e.payload[0], e.payload[1]}];
  }
  MatrixPanels panels(n, n, {"A", "B", "C = A × B"});
  int most = 1;
  for (const auto& [index, count] : loads_a) most = std::max(most, count);
  for (const auto& [index, count] : loads_b) most = std::max(most, count);
  auto mark = [&](int panel, const std::map<int, int>& loads, int group, const char* name) {
    for (const auto& [index, count] : loads) {
      if (index < 0 || index >= n * n) continue;
      CellGridView::Cell& cell = panels.cell(panel, index / n, index % n);
      cell.group = group;
      cell.shade = 0.4f + 0.6f * float(count) / float(most);
      cell.label = std::to_string(count);
      cell.tooltip = say("{}[{}][{}]: loaded {} time{} by this block", as_is(name), index / n, index % n, count,
                         count == 1 ? "" : "s");
    }
  };
  mark(kPanelA, loads_a, 0, "A");
  mark(kPanelB, loads_b, 1, "B");
  for (const auto& [place, count] : written) {
    if (place.first < 0 || place.first >= n || place.second < 0 || place.second >= n) continue;
    CellGridView::Cell& cell = panels.cell(kPanelC, place.first, place.second);
    cell.group = 2;
    cell.tooltip = say("C[{}][{}]: written by this block", place.first, place.second);
  }
  CellGridView grid = panels.take(
      say("Block ({}, {}): what its {} threads read and wrote (label: loads of that element by this block)", block_x,
          block_y, edge * edge),
      {"A, loaded by this block", "B, loaded by this block", "C, written by this block"});

  const std::uint64_t loads = run.results.value("loads", 0ULL), stores = run.results.value("stores", 0ULL);
  const std::size_t distinct = loads_a.size() + loads_b.size();
  const double moved = double(loads + stores) * sizeof(float);
  const double needed = 3.0 * n * n * sizeof(float);
  TableView table;
  table.title = "Traffic, counted in the trace";
  table.columns = {"who", "global load requests", "distinct elements", "bytes requested"};
  table.rows = {
      {"one thread", say("{} to {} (2n = {})", run.results.value("fewest_loads_per_thread", 0),
                         run.results.value("most_loads_per_thread", 0), 2 * n),
       "", bytes_three_digits(8.0 * n)},
      {say("block ({}, {})", block_x, block_y), std::to_string(block_loads), std::to_string(distinct),
       bytes_three_digits(double(block_loads) * sizeof(float))},
      {"whole grid", say("{} loads + {} stores", loads, stores), std::to_string(2 * n * n),
       bytes_three_digits(moved)},
      {"what the problem needs", "read A and B once, write C once", std::to_string(3 * n * n), bytes_three_digits(needed)},
  };
  FactsView facts;
  facts.title = "A block's footprint";
  facts.facts = {
      {"launch", "mat_mul_naive_kernel" + run.results.value("launch", "")},
      {"each element this block needs is loaded",
       distinct ? say("{:.1f} times on average", double(block_loads) / double(distinct)) : "—"},
      {"bytes requested / bytes needed", say("{:.1f}× (about 2n/3 = {:.1f})", moved / needed, 2.0 * n / 3.0)},
      {"result checked", say("largest error {:.2g} against float64", run.results.value("error", 0.0))},
  };
  return views_of(std::move(grid), std::move(table), std::move(facts));
}

}  // namespace cudalab::lessons::matmul
