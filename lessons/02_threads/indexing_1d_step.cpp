// Chapter 2, step 1: 1D indexing. Every thread of <<<blocks_per_grid, threads_per_block>>> works
// out its global id, threadIdx.x + blockIdx.x * blockDim.x, and writes threadIdx.x, blockIdx.x and
// that id into device memory at that position. The picture is what the kernel wrote, read back.
#include <algorithm>
#include <vector>

#include <fmt/compile.h>
#include <fmt/format.h>

#include "cudalab/buffer.h"
#include "kernels.h"
#include "text/say.h"
#include "thread_cells.h"
#include "threads_steps.h"

namespace cudalab::lessons::threads {
namespace {

constexpr int kNotWritten = -1;

}  // namespace

Step indexing_1d_step() {
  Param blocks{"blocks_per_grid", "Blocks per grid (gridDim.x)", Param::Kind::integer, 0, 64, 2};
  blocks.help = "How many blocks the grid has; blockIdx.x runs from 0 to this minus one.";
  Param threads{"threads_per_block", "Threads per block (blockDim.x)", Param::Kind::integer, 0, 2048, 4};
  threads.log_scale = true;
  threads.help = "How many threads each block has; threadIdx.x runs from 0 to this minus one.";
  Step step{"1D indexing", {blocks, threads, colour_by_param()}};
  step.kernels = {"who_am_i"};
  step.prediction = Prediction{
      .question = "{threads_per_block} threads per block: which global index does thread 1 of block 1 compute?",
      .answer_key = "global_index_of_thread_1_of_block_1"};
  return step;
}

void run_indexing_1d(const ParamValues& values, Device& device, RunControl&, Run* run) {
  const auto blocks_per_grid = static_cast<unsigned>(values.at("blocks_per_grid"));
  const auto threads_per_block = static_cast<unsigned>(values.at("threads_per_block"));
  const LaunchConfig config{Dim3(blocks_per_grid), Dim3(threads_per_block)};
  run->results["blocks_per_grid"] = blocks_per_grid;
  run->results["threads_per_block"] = threads_per_block;
  run->results["launch"] = config.str();

  const std::size_t total_threads = config.total_threads();
  std::vector<int> thread_index(total_threads, kNotWritten), block_index(total_threads, kNotWritten),
      global_index(total_threads, kNotWritten);
  run->status = [&]() -> Status {
    CUDALAB_RETURN_IF_ERROR(validate_launch(config, device.facts()));
    Buffer<int> thread_on_device, block_on_device, global_on_device;
    CUDALAB_RETURN_IF_ERROR(Buffer<int>::from_host(device, thread_index, &thread_on_device));
    CUDALAB_RETURN_IF_ERROR(Buffer<int>::from_host(device, block_index, &block_on_device));
    CUDALAB_RETURN_IF_ERROR(Buffer<int>::from_host(device, global_index, &global_on_device));
    CUDALAB_RETURN_IF_ERROR(launch(device, who_am_i, config, thread_on_device.data(), block_on_device.data(),
                                   global_on_device.data()));
    CUDALAB_RETURN_IF_ERROR(device.synchronize());
    CUDALAB_RETURN_IF_ERROR(thread_on_device.download(thread_index));
    CUDALAB_RETURN_IF_ERROR(block_on_device.download(block_index));
    return global_on_device.download(global_index);
  }();
  if (!run->status.ok()) return;
  run->results["thread_index"] = thread_index;
  run->results["block_index"] = block_index;
  run->results["global_index"] = global_index;
  // What the kernel itself wrote for threadIdx.x = 1, blockIdx.x = 1 (when the grid has it).
  for (std::size_t i = 0; i < total_threads; ++i) {
    if (thread_index[i] == 1 && block_index[i] == 1) run->results["global_index_of_thread_1_of_block_1"] = global_index[i];
  }
}

std::vector<View> indexing_1d_views(const Run& run) {
  const unsigned blocks_per_grid = run.results.value("blocks_per_grid", 0u);
  const unsigned threads_per_block = run.results.value("threads_per_block", 0u);
  const auto thread_index = run.results.value("thread_index", std::vector<int>{});
  const auto block_index = run.results.value("block_index", std::vector<int>{});
  const auto global_index = run.results.value("global_index", std::vector<int>{});
  const ColourBy colour_by = colour_by_of(run);
  const Layout1D layout(threads_per_block, blocks_per_grid);

  CellGridView grid;
  grid.title = "Every thread, placed by its block and thread, labelled with the global id it wrote";
  grid.cols = layout.cols();
  grid.rows = layout.rows();
  grid.legend = colour_legend(colour_by, blocks_per_grid, threads_per_block);
  for (unsigned block = 0; block < blocks_per_grid; ++block) grid.frames.push_back(layout.frame(block));
  grid.cells.reserve(global_index.size());
  int written = 0;
  std::vector<bool> id_seen(global_index.size(), false);  // which global ids some thread wrote
  for (std::size_t slot = 0; slot < global_index.size() && slot < thread_index.size() && slot < block_index.size();
       ++slot) {
    CellGridView::Cell cell;
    const int thread = thread_index[slot], block = block_index[slot], id = global_index[slot];
    if (thread < 0 || block < 0 || id < 0) {
      // Nobody wrote this position: drawn where the slot is, in grey.
      const auto slot_block = static_cast<unsigned>(slot / std::max(threads_per_block, 1u));
      const auto slot_thread = static_cast<unsigned>(slot % std::max(threads_per_block, 1u));
      cell.col = layout.col(slot_block, slot_thread);
      cell.row = layout.row(slot_block, slot_thread);
      cell.group = -1;
      cell.tooltip = say("position {}: no thread wrote here", slot);
    } else {
      ++written;
      if (static_cast<std::size_t>(id) < id_seen.size()) id_seen[static_cast<std::size_t>(id)] = true;
      cell.col = layout.col(static_cast<unsigned>(block), static_cast<unsigned>(thread));
      cell.row = layout.row(static_cast<unsigned>(block), static_cast<unsigned>(thread));
      colour_cell(colour_by, static_cast<unsigned>(block), static_cast<unsigned>(thread), threads_per_block,
                  static_cast<unsigned>(thread) / 32, &cell);
      cell.label = std::to_string(id);
      cell.tooltip = fmt::format(FMT_COMPILE("threadIdx.x + blockIdx.x * blockDim.x = {} + {} × {} = {}"), thread, block,
                                 threads_per_block, id);
    }
    grid.cells.push_back(std::move(cell));
  }

  CodeView code;
  code.title = "Which thread am I?";
  code.text = fmt::format(
      "who_am_i{}(thread_index, block_index, global_index);\n"
      "\n"
      "// inside the kernel, blockDim.x = {} and gridDim.x = {}:\n"
      "int i = threadIdx.x + blockIdx.x * blockDim.x;\n",
      run.results.value("launch", ""), threads_per_block, blocks_per_grid);
  code.highlight = {4};

  const auto distinct_ids = std::count(id_seen.begin(), id_seen.end(), true);
  const auto lowest_id = std::find(id_seen.begin(), id_seen.end(), true) - id_seen.begin();
  const auto highest_id = id_seen.rend() - std::find(id_seen.rbegin(), id_seen.rend(), true) - 1;
  FactsView facts;
  facts.title = "What the kernel wrote";
  facts.facts = {
      {"launch", "who_am_i" + run.results.value("launch", "")},
      {"threads that wrote their id", say("{} thread{} ran", written, written == 1 ? "" : "s")},
      {"different global ids",
       distinct_ids == 0 ? "none" : say("{} ({} to {})", distinct_ids, lowest_id, highest_id)},
  };
  return views_of(std::move(grid), std::move(code), std::move(facts));
}

}  // namespace cudalab::lessons::threads
