// Chapter 10's rung pictures, from the run's results alone (a recording draws the same): who
// computes which element of block (0, 0)'s tile, the facts, and the rung against its neighbours.
#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "common/in_words.h"
#include "common/views_of.h"
#include "ladder_steps.h"
#include "text/say.h"

namespace cudalab::lessons::ladder {
namespace {

struct Box {
  int top = 1 << 30, left = 1 << 30, bottom = -1, right = -1, cells = 0;
  bool whole() const { return cells == (bottom - top + 1) * (right - left + 1); }
};

CellGridView writers_grid(const nlohmann::json& r) {
  const int rows = r.value("bm", 0), cols = r.value("bn", 0);
  const int followed = r.value("followed_thread", 0);
  const bool traced = r.value("writers_traced", false);
  const nlohmann::json& tile = r.contains("writers_tile") ? r["writers_tile"] : nlohmann::json::array();
  CellGridView grid;
  grid.title = traced ? say("Who computes block (0, 0)'s {} × {} tile of C — traced: this kernel on the CPU emulator, "
                            "each element storing the number of the thread that computed it",
                            rows, cols)
                      : say("Which warp computes each part of block (0, 0)'s {} × {} tile of C — a model of the warp "
                            "tiles: tensor-core instructions do not run on the emulator",
                            rows, cols);
  grid.cols = cols;
  grid.rows = rows;
  if (static_cast<int>(tile.size()) != rows * cols) return grid;
  const int followed_warp = followed / 32;
  std::map<int, Box> warps;
  grid.cells.reserve(tile.size());
  for (int row = 0; row < rows; ++row)
    for (int col = 0; col < cols; ++col) {
      const int thread = tile[std::size_t(row) * cols + col].get<int>();
      CellGridView::Cell cell{col, row};
      if (thread < 0) {
        cell.group = -1;
        cell.tooltip = say("C({}, {}): computed by another block", row, col);
        grid.cells.push_back(std::move(cell));
        continue;
      }
      const int warp = thread / 32;
      cell.group = warp;
      const bool mine = traced ? thread == followed : warp == followed_warp;
      cell.shade = mine ? 1.f : warp == followed_warp ? 0.7f : 0.3f;
      if (traced) {
        cell.label = std::to_string(thread);
        cell.tooltip = say("C({}, {}): thread {} (warp {}, lane {})", row, col, thread, warp, thread % 32);
      } else {
        cell.tooltip = say("C({}, {}): warp {}", row, col, warp);
      }
      Box& box = warps[warp];
      box.top = std::min(box.top, row);
      box.left = std::min(box.left, col);
      box.bottom = std::max(box.bottom, row);
      box.right = std::max(box.right, col);
      ++box.cells;
      grid.cells.push_back(std::move(cell));
    }
  // A frame around each warp whose results form one rectangle (warp tiles do; in rung 1 a warp's
  // results are a row of columns, also one rectangle).
  for (const auto& [warp, box] : warps) {
    if (!box.whole()) continue;
    grid.frames.push_back({box.left, box.top, box.right - box.left + 1, box.bottom - box.top + 1,
                           say("warp {}", warp), warp});
  }
  for (int warp = 0; warp <= (warps.empty() ? -1 : warps.rbegin()->first); ++warp)
    grid.legend.push_back(say("warp {}", warp));
  return grid;
}

std::string speed_in_words(const nlohmann::json& contender, const std::string& clock) {
  if (!contender.value("measured", false)) return contender.value("note", "");
  return say("{} — {} ({})", flop_rate_in_words(contender.value("gflops", 0.0)),
             milliseconds_three_digits(contender.value("ms", 0.0)), clock);
}

}  // namespace

std::vector<View> rung_views(const Run& run) {
  const nlohmann::json& r = run.results;
  CellGridView grid = writers_grid(r);

  FactsView facts;
  facts.title = r.value("rung_title", "");
  const std::string clock = r.value("clock", "");
  const int followed = r.value("followed_thread", 0);
  const nlohmann::json& tile = r.contains("writers_tile") ? r["writers_tile"] : nlohmann::json::array();
  const long mine = std::count(tile.begin(), tile.end(), followed);
  long warp_cells = 0;
  for (const auto& thread : tile)
    if (thread.get<int>() >= 0 && thread.get<int>() / 32 == followed / 32) ++warp_cells;
  facts.facts.push_back({"kernel", say("{} ({})", r.value("kernel", ""), r.value("shape_words", ""))});
  facts.facts.push_back({"threads per block", std::to_string(r.value("threads_per_block", 0))});
  if (r.value("writers_traced", false))
    facts.facts.push_back({say("thread {} computes", followed), say("{} elements of C", mine)});
  facts.facts.push_back({say("warp {} computes", followed / 32), say("{} elements of C", warp_cells)});
  facts.facts.push_back({"arithmetic intensity",
                         say("{:.1f} FLOP per byte read from global memory (counted from the tile shape at n = {})",
                             r.value("intensity", 0.0), r.value("n", 0))});
  facts.facts.push_back({"shared-memory intensity",
                         say("{:.2f} FLOP per byte the threads read from shared memory (counted from the source)",
                             r.value("shared_intensity", 0.0))});
  const nlohmann::json& contenders = r.contains("contenders") ? r["contenders"] : nlohmann::json::array();
  double cublas = 0, cublas_tf32 = 0, self = 0;
  for (const auto& contender : contenders) {
    facts.facts.push_back({contender.value("name", ""), speed_in_words(contender, clock)});
    if (contender.value("name", "") == "cuBLAS SGEMM" && contender.value("measured", false)) cublas = contender.value("gflops", 0.0);
    if (contender.value("name", "") == "cuBLAS TF32" && contender.value("measured", false))
      cublas_tf32 = contender.value("gflops", 0.0);
    if (contender.value("kernel", "") == r.value("kernel", "") && contender.value("measured", false))
      self = contender.value("gflops", 0.0);
  }
  if (cublas > 0 && self > 0) facts.facts.push_back({"share of cuBLAS SGEMM", say("{:.1f} %", 100 * self / cublas)});
  if (cublas_tf32 > 0 && self > 0)
    facts.facts.push_back({"share of cuBLAS TF32 (the same precision)", say("{:.1f} %", 100 * self / cublas_tf32)});
  if (contenders.size() > 1 && contenders[1].value("measured", false))
    facts.facts.push_back({"largest error against float64", say("{:.1e} ({})", contenders[1].value("error", 0.0),
                                                                r.value("checked_against", ""))});
  if (!run.device.is_gpu())
    facts.facts.push_back({"on the emulator", "the times are CPU times: they show the code runs and is right, not a GPU's speed"});
  facts.facts.push_back({"shapes", r.value("tuning", "")});

  ChartView chart;
  chart.title = say("GFLOP/s at n = {} ({})", r.value("n", 0), clock);
  chart.kind = ChartView::Kind::bar;
  chart.y_label = "GFLOP/s";
  ChartView::Series series{"GFLOP/s"};
  for (const auto& contender : contenders) {
    if (!contender.value("measured", false)) continue;
    series.x.push_back(double(chart.categories.size()));
    series.y.push_back(contender.value("gflops", 0.0));
    chart.categories.push_back(contender.value("label", contender.value("name", "")));
  }
  chart.series.push_back(std::move(series));
  return views_of(std::move(grid), std::move(facts), std::move(chart));
}

}  // namespace cudalab::lessons::ladder
