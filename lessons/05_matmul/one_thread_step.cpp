// Chapter 5, step 1: one thread, one dot product. The naive kernel runs on a small matrix and
// records every load; the picture shows, for the element of C the student picks, which elements
// of A and B its thread read (and at which k), as the trace says, not as the formula says.
#include <algorithm>

#include <fmt/format.h>

#include "common/matmul/matrix_panels.h"
#include "common/matmul/trace_kinds.h"
#include "matmul_steps.h"
#include "text/say.h"
#include "traced_naive.h"

namespace cudalab::lessons::matmul {
Step one_thread_step() {
  Param n{"n", "Matrix size n", Param::Kind::integer, 1, 32, 8};
  n.help = "A, B and C are n × n. Small, so that every element can be drawn.";
  Param edge{"block_edge", "Threads per block (each side)", Param::Kind::integer, 1, 32, 4};
  edge.help = "Blocks of block_edge × block_edge threads; one thread per element of C.";
  Param row{"row", "Row of C", Param::Kind::integer, 0, 31, 2};
  row.help = "The element of C whose thread is shown.";
  Param col{"col", "Column of C", Param::Kind::integer, 0, 31, 5};
  Step step{"One thread, one dot product", {n, edge, row, col}};
  step.kernels = {"mat_mul_naive_kernel"};
  step.prediction = Prediction{.question = "n = {n}: how many elements of A does the thread for C[{row}][{col}] read?",
                               .unit = "elements",
                               .answer_key = "loads_from_a"};
  return step;
}

void run_one_thread(const ParamValues& values, Device& device, RunControl&, Run* run) {
  const int n = static_cast<int>(values.at("n"));
  const auto block_edge = static_cast<unsigned>(values.at("block_edge"));
  const int row = static_cast<int>(values.at("row")), col = static_cast<int>(values.at("col"));
  run->status = [&]() -> Status {
    if (row >= n || col >= n)
      return Status::error(StatusCode::invalid_argument,
                           say("C[{}][{}] is outside the {} × {} matrix C (rows and columns 0 to {})", row, col,
                               n, n, n - 1));
    TracedNaiveRun traced;
    CUDALAB_RETURN_IF_ERROR(run_traced_naive(device, n, block_edge, NaiveMapping::row_from_x, &traced));
    Reference reference;
    CUDALAB_RETURN_IF_ERROR(make_reference(traced.a, traced.b, n, nullptr, &reference));

    // The thread that wrote C[row][col], and everything it recorded.
    const TraceEvent* writer = nullptr;
    for (const TraceEvent& e : traced.trace)
      if (e.kind == kWroteC && e.payload[0] == row && e.payload[1] == col) writer = &e;
    if (!writer) return Status::error(StatusCode::internal, "no thread recorded writing that element");
    const std::uint32_t block = writer->block, thread = writer->thread;
    int reads_a = 0, reads_b = 0;
    std::uint64_t loads_everyone = 0;
    for (const TraceEvent& e : traced.trace) {
      loads_everyone += e.kind == kReadA || e.kind == kReadB;
      if (e.block != block || e.thread != thread) continue;
      reads_a += e.kind == kReadA;
      reads_b += e.kind == kReadB;
      run->trace.push_back(e);
    }
    const ThreadPlace place = place_of(*writer, traced.config);
    run->results["n"] = n;
    run->results["row"] = row;
    run->results["col"] = col;
    run->results["block_edge"] = block_edge;
    run->results["launch"] = traced.config.str();
    run->results["a"] = traced.a;
    run->results["b"] = traced.b;
    run->results["c"] = traced.c;
    run->results["reference"] = reference.values[std::size_t(row) * n + col];
    run->results["error_whole_c"] = relative_error(traced.c, reference);
    run->results["thread"] = {{"block_x", place.block_x}, {"block_y", place.block_y},
                              {"thread_x", place.thread_x}, {"thread_y", place.thread_y}};
    run->results["loads_from_a"] = reads_a;
    run->results["loads_from_b"] = reads_b;
    run->results["loads_all_threads"] = loads_everyone;
    return Status::success();
  }();
}

std::vector<View> one_thread_views(const Run& run) {
  const int n = run.results.value("n", 0), row = run.results.value("row", 0), col = run.results.value("col", 0);
  const auto a = run.results.value("a", std::vector<float>{}), b = run.results.value("b", std::vector<float>{}),
             c = run.results.value("c", std::vector<float>{});
  if (n < 1 || a.size() != std::size_t(n) * n || b.size() != a.size() || c.size() != a.size()) return {};
  const auto& thread = run.results.at("thread");
  const unsigned block_x = thread.value("block_x", 0u), block_y = thread.value("block_y", 0u),
                 thread_x = thread.value("thread_x", 0u), thread_y = thread.value("thread_y", 0u);
  const unsigned edge = run.results.value("block_edge", 1u);
  const std::string who = say("thread ({}, {}) of block ({}, {})", thread_x, thread_y, block_x, block_y);

  MatrixPanels panels(n, n, {"A", "B", "C = A × B"});
  for (int r = 0; r < n; ++r)
    for (int k = 0; k < n; ++k) {
      panels.cell(kPanelA, r, k).tooltip = element_text("A", r, k, a[std::size_t(r) * n + k]);
      panels.cell(kPanelB, r, k).tooltip = element_text("B", r, k, b[std::size_t(r) * n + k]);
      panels.cell(kPanelC, r, k).tooltip = element_text("C", r, k, c[std::size_t(r) * n + k]);
    }
  for (const TraceEvent& e : run.trace) {
    const int index = e.payload[0], k = e.payload[1];
    if ((e.kind != kReadA && e.kind != kReadB) || index < 0 || index >= n * n) continue;
    const bool from_a = e.kind == kReadA;
    CellGridView::Cell& cell = panels.cell(from_a ? kPanelA : kPanelB, index / n, index % n);
    cell.group = from_a ? 0 : 1;
    // Earlier reads darker, later brighter: the order of the loop is visible.
    cell.shade = n > 1 ? 0.45f + 0.55f * float(k) / float(n - 1) : 1.f;
    cell.label = std::to_string(k);
    cell.tooltip += "\n" + say("read at k = {} by {}", k, who);
  }
  CellGridView::Cell& written = panels.cell(kPanelC, row, col);
  written.group = 2;
  written.label = "C";
  written.tooltip += "\n" + say("written by {}", who);
  CellGridView grid = panels.take(
      say("C[{}][{}]: the row of A and the column of B its thread read (label: k; from the kernel's trace)", row, col),
      {"read from A by this thread", "read from B by this thread", "the element it wrote"});

  const int loads_a = run.results.value("loads_from_a", 0), loads_b = run.results.value("loads_from_b", 0);
  const double reference = run.results.value("reference", 0.0);
  const double on_device = c[std::size_t(row) * n + col];
  FactsView facts;
  facts.title = "One thread, one dot product";
  facts.facts = {
      {"launch", "mat_mul_naive_kernel" + run.results.value("launch", "")},
      {"element", say("C[{}][{}]", row, col)},
      {"computed by", who},
      {"its row", say("row = blockIdx.x × blockDim.x + threadIdx.x = {} × {} + {} = {}", block_x, edge, thread_x,
                      block_x * edge + thread_x)},
      {"its column", say("col = blockIdx.y × blockDim.y + threadIdx.y = {} × {} + {} = {}", block_y, edge,
                         thread_y, block_y * edge + thread_y)},
      {"global loads by this thread", say("{} from A + {} from B = {} (2n = {}; counted in the trace)", loads_a,
                                          loads_b, loads_a + loads_b, 2 * n)},
      {"loads by all threads", say("{} (2n × n² = 2n³)", run.results.value("loads_all_threads", 0ULL))},
      {"value on the device", say("{:.7g}", on_device)},
      {"float64 reference", say("{:.10g}", reference)},
      {"largest error over all of C", say("{:.2g} (relative to the largest element)",
                                          run.results.value("error_whole_c", 0.0))},
  };
  return views_of(std::move(grid), std::move(facts));
}

}  // namespace cudalab::lessons::matmul
