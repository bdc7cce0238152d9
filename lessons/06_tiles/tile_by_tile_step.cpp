// Chapter 6, step 1: tiles step by step. The shared-tile kernel runs on a small matrix, recording
// every tile slot it fills and when each thread begins and ends multiplying. For a chosen block and
// k-step the picture shows which tile of A and of B sat in shared memory; the table shows, step by
// step, whether any thread read the tiles before they were complete (barrier 1's job) or was still
// reading them when the next copies began (barrier 2's job). With a barrier left out, the same run
// shows what goes wrong, and C shows the wrong elements.
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

using matmul::kPanelA;
using matmul::kPanelB;
using matmul::kPanelC;
const char* const kBarrierChoices[] = {"both", "without_barrier_1", "without_barrier_2"};

std::string barriers_in_words(int barriers) {
  switch (barriers) {
    case 1: return "mat_mul_shared_kernel_skipping_barrier, without barrier 1";
    case 2: return "mat_mul_shared_kernel_skipping_barrier, without barrier 2";
    default: return "mat_mul_shared_kernel, both barriers";
  }
}

// On a GPU a missing barrier may do no visible harm for many runs: the warps of a small block
// often keep in step by luck. The broken kernel therefore also runs on the emulator, where a
// block's threads take turns in a fixed order and the damage shows every time. (The one place a
// lesson picks a backend itself: showing the bug is the point of the step.)
Status run_broken_on_emulator(int n, int tile, int barriers, const matmul::Reference& reference, Run* run) {
  std::unique_ptr<Device> emulator;
  CUDALAB_RETURN_IF_ERROR(open_device(BackendRequest::emulator, &emulator, 0, 2));
  TracedTilesRun traced;
  CUDALAB_RETURN_IF_ERROR(run_traced_tiles(*emulator, n, tile, static_cast<Barriers>(barriers), &traced));
  const unsigned blocks = traced.config.grid.x;
  int early = 0, late = 0;
  for (const auto& block : step_records(traced.trace, blocks * blocks, static_cast<int>(blocks)))
    for (const StepRecord& r : block) early += r.early_starts, late += r.late_finishes;
  run->results["emulator"] = {{"wrong", wrong_elements(traced.c, reference)},
                              {"early_starts_all_blocks", early},
                              {"late_finishes_all_blocks", late}};
  return Status::success();
}

}  // namespace

Param tile_param(int default_index) {
  Param tile{"tile", "Tile size", Param::Kind::choice, 0, 3, double(default_index)};
  tile.choices = {"8", "16", "32", "64"};
  tile.help = "Each block is tile × tile threads and computes a tile × tile piece of C.";
  return tile;
}

int tile_of(const ParamValues& values) {
  static constexpr int kTiles[] = {8, 16, 32, 64};
  return kTiles[std::clamp(static_cast<int>(values.at("tile")), 0, 3)];
}

Step tile_by_tile_step() {
  Param n{"n", "Matrix size n", Param::Kind::integer, 1, 64, 32};
  n.help = "A, B and C are n × n; small, so every element can be drawn.";
  Param block_x{"block_x", "Block x", Param::Kind::integer, 0, 63, 1};
  block_x.help = "blockIdx.x of the block shown: its columns of C.";
  Param block_y{"block_y", "Block y", Param::Kind::integer, 0, 63, 0};
  block_y.help = "blockIdx.y of the block shown: its rows of C.";
  Param k_step{"k_step", "k-step", Param::Kind::integer, 0, 63, 0};
  k_step.help = "Which turn of the loop over tiles: step s copies columns s·tile… of A and rows s·tile… of B.";
  Param barriers{"barriers", "Barriers", Param::Kind::choice, 0, 2, 0};
  barriers.choices = {kBarrierChoices[0], kBarrierChoices[1], kBarrierChoices[2]};
  barriers.help = "Leave one __syncthreads() out and run that broken kernel for real.";
  Step step{"Tiles step by step", {n, tile_param(0), block_x, block_y, k_step, barriers}};
  step.kernels = {"mat_mul_shared_kernel", "mat_mul_shared_kernel_skipping_barrier"};
  step.prediction = Prediction{.question = "n = {n}, tile {tile}: how many tiles of A does one block load, one after another?",
                               .unit = "tiles",
                               .answer_key = "steps"};
  return step;
}

void run_tile_by_tile(const ParamValues& values, Device& device, RunControl&, Run* run) {
  const int n = static_cast<int>(values.at("n")), tile = tile_of(values);
  const auto block_x = static_cast<unsigned>(values.at("block_x")), block_y = static_cast<unsigned>(values.at("block_y"));
  const int k_step = static_cast<int>(values.at("k_step"));
  const int barriers = std::clamp(static_cast<int>(values.at("barriers")), 0, 2);
  run->status = [&]() -> Status {
    TracedTilesRun traced;
    CUDALAB_RETURN_IF_ERROR(run_traced_tiles(device, n, tile, static_cast<Barriers>(barriers), &traced));
    const unsigned blocks = traced.config.grid.x;
    const int steps = static_cast<int>(blocks);
    if (block_x >= blocks || block_y >= blocks)
      return Status::error(StatusCode::invalid_argument,
                           say("with n = {} and {} × {} tiles the grid has blocks 0 to {} each way; there is no "
                               "block ({}, {})",
                               n, tile, tile, blocks - 1, block_x, block_y));
    if (k_step >= steps)
      return Status::error(StatusCode::invalid_argument,
                           say("with n = {} and {} × {} tiles there are k-steps 0 to {}; there is no step {}", n,
                               tile, tile, steps - 1, k_step));
    matmul::Reference reference;
    CUDALAB_RETURN_IF_ERROR(matmul::make_reference(traced.a, traced.b, n, nullptr, &reference));
    const std::uint32_t chosen = block_x + block_y * blocks;
    const auto records = step_records(traced.trace, blocks * blocks, steps);
    int early = 0, late = 0;
    for (const auto& block : records)
      for (const StepRecord& r : block) early += r.early_starts, late += r.late_finishes;
    nlohmann::json per_step = nlohmann::json::array();
    for (const StepRecord& r : records[chosen])
      per_step.push_back({{"loads", r.loads}, {"padded", r.padded}, {"early_starts", r.early_starts},
                          {"late_finishes", r.late_finishes}});
    for (const TraceEvent& e : traced.trace)
      if (e.block == chosen && (e.kind == matmul::kTileLoadA || e.kind == matmul::kTileLoadB)) run->trace.push_back(e);
    const std::vector<int> wrong = wrong_elements(traced.c, reference);
    run->results["n"] = n;
    run->results["tile"] = tile;
    run->results["block_x"] = block_x;
    run->results["block_y"] = block_y;
    run->results["k_step"] = k_step;
    run->results["steps"] = steps;
    run->results["barriers"] = barriers;
    run->results["launch"] = traced.config.str();
    run->results["per_step"] = per_step;
    run->results["early_starts_all_blocks"] = early;
    run->results["late_finishes_all_blocks"] = late;
    run->results["wrong"] = wrong;
    run->results["error"] = matmul::relative_error(traced.c, reference);
    if (device.is_gpu() && barriers != 0) return run_broken_on_emulator(n, tile, barriers, reference, run);
    return Status::success();
  }();
}

std::vector<View> tile_by_tile_views(const Run& run) {
  const int n = run.results.value("n", 0), tile = run.results.value("tile", 8), k_step = run.results.value("k_step", 0);
  const int block_x = run.results.value("block_x", 0), block_y = run.results.value("block_y", 0);
  const int barriers = run.results.value("barriers", 0);
  if (n < 1) return {};

  MatrixPanels panels(n, n, {"A", "B", "C = A × B"});
  int padded_now = 0;
  for (const TraceEvent& e : run.trace) {
    const int step = e.payload[0], row = e.payload[1], col = e.payload[2];
    if (step > k_step) continue;
    if (!e.payload[3]) {
      padded_now += step == k_step;
      continue;
    }
    if (row < 0 || row >= n || col < 0 || col >= n) continue;
    const bool a = e.kind == matmul::kTileLoadA;
    CellGridView::Cell& cell = panels.cell(a ? kPanelA : kPanelB, row, col);
    cell.group = a ? 0 : 1;
    cell.shade = step == k_step ? 1.f : 0.3f;
    cell.label = std::to_string(step);
    cell.tooltip = say("{}[{}][{}]: copied into {}[{}][{}] at step {} by thread ({}, {})", a ? "A" : "B", row,
                       col, a ? "tile_a" : "tile_b", e.thread / tile, e.thread % tile, step, e.thread % tile,
                       e.thread / tile);
  }
  // Where the tiles of this step lie (clipped to the matrix; past the edge the guards pad zeros).
  auto clip = [n](int start, int length) { return std::max(0, std::min(length, n - start)); };
  const int tile_row = block_y * tile, tile_col = block_x * tile, k_start = k_step * tile;
  if (clip(tile_row, tile) > 0 && clip(k_start, tile) > 0) {
    panels.add_frame(kPanelA, tile_row, k_start, clip(tile_row, tile), clip(k_start, tile),
                     say("tile_a at step {}", k_step), 0);
    panels.add_frame(kPanelB, k_start, tile_col, clip(k_start, tile), clip(tile_col, tile),
                     say("tile_b at step {}", k_step), 1);
  }
  for (int row = tile_row; row < std::min(tile_row + tile, n); ++row)
    for (int col = tile_col; col < std::min(tile_col + tile, n); ++col) {
      CellGridView::Cell& cell = panels.cell(kPanelC, row, col);
      cell.group = 2;
      cell.tooltip = say("C[{}][{}]: computed by block ({}, {})", row, col, block_x, block_y);
    }
  const auto wrong = run.results.value("wrong", std::vector<int>{});
  for (int index : wrong) {
    if (index < 0 || index >= n * n) continue;
    CellGridView::Cell& cell = panels.cell(kPanelC, index / n, index % n);
    cell.group = 3;
    cell.label = "×";
    cell.tooltip = say("C[{}][{}]: WRONG (differs from the float64 reference)", index / n, index % n);
  }
  // The same broken kernel on the emulator (a GPU run only): what the GPU's luck hid.
  const nlohmann::json emulator = run.results.value("emulator", nlohmann::json::object());
  const auto wrong_on_emulator = emulator.value("wrong", std::vector<int>{});
  for (int index : wrong_on_emulator) {
    if (index < 0 || index >= n * n) continue;
    CellGridView::Cell& cell = panels.cell(kPanelC, index / n, index % n);
    if (cell.group == 3) continue;  // wrong here too
    cell.group = 4;
    cell.label = "e";
    cell.tooltip = say("C[{}][{}]: right on this GPU this time, WRONG when the same kernel ran on the emulator",
                       index / n, index % n);
  }
  if (clip(tile_row, tile) > 0 && clip(tile_col, tile) > 0)
    panels.add_frame(kPanelC, tile_row, tile_col, clip(tile_row, tile), clip(tile_col, tile),
                     say("block ({}, {})", block_x, block_y), 2);
  CellGridView grid = panels.take(
      say("Block ({}, {}), step {}: the tiles in shared memory (bright: this step; dim: earlier steps), from the "
          "kernel's trace",
          block_x, block_y, k_step),
      {"A, copied into tile_a", "B, copied into tile_b", "C, this block's tile", "C, wrong",
       "C, wrong on the emulator"});

  TableView table;
  table.title = say("Block ({}, {}), step by step (from the order of the trace)", block_x, block_y);
  table.columns = {"step", "A columns / B rows", "copied from memory", "padded with zero",
                   "began multiplying too early", "still multiplying when overwritten"};
  const auto per_step = run.results.value("per_step", nlohmann::json::array());
  for (std::size_t s = 0; s < per_step.size(); ++s) {
    const int first = int(s) * tile, last = std::min(first + tile, n) - 1;
    table.rows.push_back({std::to_string(s), say("{} to {}", first, last),
                          std::to_string(per_step[s].value("loads", 0)), std::to_string(per_step[s].value("padded", 0)),
                          say("{} threads", per_step[s].value("early_starts", 0)),
                          say("{} threads", per_step[s].value("late_finishes", 0))});
  }
  FactsView facts;
  facts.title = "Tiles step by step";
  facts.facts = {
      {"kernel", barriers_in_words(barriers)},
      {"launch", run.results.value("launch", "")},
      {"shared memory per block", say("2 tiles × {} × {} floats = {} bytes", tile, tile, 2 * tile * tile * 4)},
      {"tile slots padded with zero at this step", std::to_string(padded_now)},
      {"threads that began a step's multiply before its tiles were complete (all blocks)",
       std::to_string(run.results.value("early_starts_all_blocks", 0))},
      {"threads still multiplying when the next step's copies began (all blocks)",
       std::to_string(run.results.value("late_finishes_all_blocks", 0))},
      {"wrong elements of C", say("{} of {}", wrong.size(), n * n)},
  };
  if (!emulator.empty())
    facts.facts.push_back(
        {"the same kernel on the emulator",
         say("{} of {} elements wrong; {} threads multiplied too early, {} still multiplied when overwritten",
             wrong_on_emulator.size(), n * n, emulator.value("early_starts_all_blocks", 0),
             emulator.value("late_finishes_all_blocks", 0))});
  facts.facts.push_back(
      {"where this ran",
       run.device.is_gpu() ? "on the GPU: a race here can change from run to run, and often hides"
                           : "on the emulator: a block's threads take turns in a fixed order, so a missing barrier "
                             "spoils the result on every run"});
  return views_of(std::move(grid), std::move(table), std::move(facts));
}

}  // namespace cudalab::lessons::tiles
