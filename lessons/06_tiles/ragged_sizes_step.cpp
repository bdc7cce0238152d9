// Chapter 6, step 3: sizes that don't fit. When n is not a multiple of the tile, the grid is
// rounded up to whole tiles: the blocks at the edge have threads with no element of C, and tile
// slots past the edge of A and B. The guards fill those slots with zeros (which add nothing to the
// sums) and keep those threads from writing. Counted from the kernel's trace, result checked.
#include <algorithm>

#include <fmt/format.h>

#include "common/matmul/matrix_panels.h"
#include "common/matmul/trace_kinds.h"
#include "text/say.h"
#include "tiles_steps.h"
#include "traced_tiles.h"

namespace cudalab::lessons::tiles {
using matmul::MatrixPanels;

namespace {

enum Panel { kPanelA = 0, kPanelC = 1 };

}  // namespace

Step ragged_sizes_step() {
  Param n{"n", "Matrix size n", Param::Kind::integer, 1, 100, 20};
  n.help = "Try sizes that are not a multiple of the tile.";
  Step step{"Sizes that don't fit", {n, tile_param(0)}};
  step.kernels = {"mat_mul_shared_kernel"};
  step.prediction = Prediction{.question = "n = {n}, tile {tile}: how many threads does the launch start?",
                               .unit = "threads",
                               .answer_key = "threads_launched"};
  return step;
}

void run_ragged_sizes(const ParamValues& values, Device& device, RunControl&, Run* run) {
  const int n = static_cast<int>(values.at("n")), tile = tile_of(values);
  run->status = [&]() -> Status {
    TracedTilesRun traced;
    CUDALAB_RETURN_IF_ERROR(run_traced_tiles(device, n, tile, Barriers::both, &traced));
    matmul::Reference reference;
    CUDALAB_RETURN_IF_ERROR(matmul::make_reference(traced.a, traced.b, n, nullptr, &reference));
    const int padded_side = static_cast<int>(traced.config.grid.x) * tile;
    // Per slot of the padded A (padded_side²): copied from A, or zero-filled, how many times.
    std::vector<int> copied(std::size_t(padded_side) * padded_side, 0), zeroed(copied.size(), 0);
    std::uint64_t loads = 0, padded = 0, writes = 0;
    for (const TraceEvent& e : traced.trace) {
      if (e.kind == matmul::kWroteC) ++writes;
      if (e.kind != matmul::kTileLoadA && e.kind != matmul::kTileLoadB) continue;
      (e.payload[3] ? loads : padded) += 1;
      const int row = e.payload[1], col = e.payload[2];
      if (e.kind == matmul::kTileLoadA && row >= 0 && row < padded_side && col >= 0 && col < padded_side)
        ++(e.payload[3] ? copied : zeroed)[std::size_t(row) * padded_side + col];
    }
    run->results["n"] = n;
    run->results["tile"] = tile;
    run->results["launch"] = traced.config.str();
    run->results["blocks_per_side"] = traced.config.grid.x;
    run->results["threads_launched"] = traced.config.total_threads();
    run->results["loads"] = loads;
    run->results["padded"] = padded;
    run->results["writes"] = writes;
    run->results["a_copied"] = copied;
    run->results["a_zeroed"] = zeroed;
    run->results["error"] = matmul::relative_error(traced.c, reference);
    run->results["wrong"] = wrong_elements(traced.c, reference).size();
    return Status::success();
  }();
}

std::vector<View> ragged_sizes_views(const Run& run) {
  const int n = run.results.value("n", 0), tile = run.results.value("tile", 8);
  const int blocks = run.results.value("blocks_per_side", 0);
  const int side = blocks * tile;
  const auto copied = run.results.value("a_copied", std::vector<int>{});
  const auto zeroed = run.results.value("a_zeroed", std::vector<int>{});
  if (n < 1 || side < n || copied.size() != std::size_t(side) * side || zeroed.size() != copied.size()) return {};

  MatrixPanels panels(side, side, {"A, as the tiles cover it", "C, as the blocks cover it"});
  for (int row = 0; row < side; ++row)
    for (int col = 0; col < side; ++col) {
      const std::size_t slot = std::size_t(row) * side + col;
      CellGridView::Cell& a = panels.cell(kPanelA, row, col);
      if (copied[slot]) {
        a.group = 0;
        a.label = std::to_string(copied[slot]);
        a.tooltip = say("A[{}][{}]: copied into a tile {} time{}", row, col, copied[slot], copied[slot] == 1 ? "" : "s");
      } else {
        a.group = -1;
        a.tooltip = say("past the edge of A: the guard put a zero in this tile slot {} time{}", zeroed[slot],
                        zeroed[slot] == 1 ? "" : "s");
      }
      CellGridView::Cell& c = panels.cell(kPanelC, row, col);
      const int block = (row / tile) * blocks + col / tile;
      if (row < n && col < n) {
        c.group = 1 + block % 6;
        c.tooltip = say("C[{}][{}]: written by thread ({}, {}) of block ({}, {})", row, col, col % tile,
                        row % tile, col / tile, row / tile);
      } else {
        c.group = -1;
        c.tooltip = say("thread ({}, {}) of block ({}, {}) has no element: row {} or column {} is past n = {}; it "
                        "still copies its tile slots (zeros) and waits at the barriers, but writes nothing",
                        col % tile, row % tile, col / tile, row / tile, row, col, n);
      }
    }
  for (int by = 0; by < blocks; ++by)
    for (int bx = 0; bx < blocks; ++bx)
      panels.add_frame(kPanelC, by * tile, bx * tile, tile, tile, say("block ({}, {})", bx, by), 1 + (by * blocks + bx) % 6);
  panels.add_frame(kPanelA, 0, 0, n, n, say("A: {} × {}", n, n), 0);
  CellGridView grid = panels.take(
      say("n = {} with {} × {} tiles: {} × {} blocks cover {} × {} (label: times copied, from the trace)", n, tile,
          tile, blocks, blocks, side, side),
      {"A, copied from memory", "C, one colour per block"});

  const std::uint64_t launched = run.results.value("threads_launched", 0ULL);
  FactsView facts;
  facts.title = "Sizes that don't fit";
  facts.facts = {
      {"launch", "mat_mul_shared_kernel" + run.results.value("launch", "")},
      {"threads launched", std::to_string(launched)},
      {"threads with an element of C", say("{} (n²)", std::uint64_t(n) * n)},
      {"threads with none", std::to_string(launched - std::uint64_t(n) * n)},
      {"tile slots copied from A and B", std::to_string(run.results.value("loads", 0ULL))},
      {"tile slots the guards filled with zero", std::to_string(run.results.value("padded", 0ULL))},
      {"elements of C written", std::to_string(run.results.value("writes", 0ULL))},
      {"wrong elements", say("{} (largest error {:.2g} against float64)", run.results.value("wrong", 0),
                             run.results.value("error", 0.0))},
  };
  return views_of(std::move(grid), std::move(facts));
}

}  // namespace cudalab::lessons::tiles
