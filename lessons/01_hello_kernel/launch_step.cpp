// Chapter 1, step 1: the launch configuration. The host launches `hello` with
// <<<blocks_per_grid, threads_per_block>>>; every thread prints a line and records that it ran.
// The count "8 threads ran" is what the run recorded, not the product of two sliders.
#include <algorithm>
#include <set>
#include <sstream>
#include <utility>

#include <fmt/format.h>

#include "cudalab/trace.h"
#include "hello_steps.h"
#include "kernels.h"
#include "text/say.h"

namespace cudalab::lessons::hello {
namespace {

// A row of the picture holds at most one warp's worth of threads, so big blocks wrap.
constexpr unsigned kCellsPerRow = 32;

int count_hello_lines(const std::string& printf_output) {
  std::istringstream lines(printf_output);
  std::string line;
  int hello_lines = 0;
  while (std::getline(lines, line)) hello_lines += line.rfind("hello from thread ", 0) == 0;
  return hello_lines;
}

}  // namespace

Step launch_step() {
  Param blocks{"blocks_per_grid", "Blocks per grid", Param::Kind::integer, 0, 8, 2};
  blocks.help = "The first number of <<<blocks, threads>>>: how many blocks the grid has.";
  Param threads{"threads_per_block", "Threads per block", Param::Kind::integer, 0, 2048, 4};
  threads.log_scale = true;
  threads.help = "The second number: how many threads each block has. Try more than the device allows.";
  Step step{"Launch configuration", {blocks, threads}};
  step.kernels = {"hello"};
  step.prediction = Prediction{
      .question = "How many lines will the console show for {blocks_per_grid} blocks of {threads_per_block} threads?",
      .unit = "lines",
      .answer_key = "printf_lines"};
  return step;
}

void run_launch(const ParamValues& values, Device& device, RunControl&, Run* run) {
  const auto blocks_per_grid = static_cast<unsigned>(values.at("blocks_per_grid"));
  const auto threads_per_block = static_cast<unsigned>(values.at("threads_per_block"));
  const LaunchConfig config{Dim3(blocks_per_grid), Dim3(threads_per_block)};
  run->results["blocks_per_grid"] = blocks_per_grid;
  run->results["threads_per_block"] = threads_per_block;
  run->results["launch"] = config.str();

  run->status = [&]() -> Status {
    // The device's own limits first, in its words, before any memory is asked for.
    CUDALAB_RETURN_IF_ERROR(validate_launch(config, device.facts()));
    TraceBuffer trace;
    CUDALAB_RETURN_IF_ERROR(TraceBuffer::create(device, static_cast<std::uint32_t>(config.total_threads()), &trace));
    (void)device.take_printf_output();  // only this launch's lines belong to this run
    CUDALAB_RETURN_IF_ERROR(launch(device, hello, config, trace.handle()));
    CUDALAB_RETURN_IF_ERROR(device.synchronize());
    return trace.read(&run->trace, &run->trace_overflow);
  }();
  run->printf_output = device.take_printf_output();
  if (!run->status.ok()) return;

  std::set<std::pair<std::uint32_t, std::uint32_t>> threads_seen;
  for (const TraceEvent& e : run->trace)
    if (e.kind == kThreadRan) threads_seen.insert({e.block, e.thread});
  run->results["threads_ran"] = threads_seen.size();
  run->results["printf_lines"] = count_hello_lines(run->printf_output);
}

std::vector<View> launch_views(const Run& run) {
  const unsigned blocks_per_grid = run.results.value("blocks_per_grid", 0u);
  const unsigned threads_per_block = run.results.value("threads_per_block", 0u);
  const std::string launch_text = run.results.value("launch", "");

  CodeView code;
  code.title = "The launch, as host code writes it";
  code.text = fmt::format(
      "// {} blocks per grid × {} threads per block\n"
      "hello{}();\n"
      "// the launch returns at once; wait for the kernel (and its printf lines)\n"
      "cudaDeviceSynchronize();\n",
      blocks_per_grid, threads_per_block, launch_text);
  code.highlight = {2};

  // One cell per thread that recorded itself, placed by the block and thread the trace says it was.
  const unsigned row_width = std::clamp(threads_per_block, 1u, kCellsPerRow);
  const unsigned rows_per_block = (std::max(threads_per_block, 1u) + row_width - 1) / row_width;
  CellGridView grid;
  grid.title = "Threads that ran (one cell each, from the run's own records)";
  grid.cols = static_cast<int>(row_width);
  grid.rows = static_cast<int>(rows_per_block * blocks_per_grid);
  for (unsigned block = 0; block < blocks_per_grid; ++block) {
    grid.frames.push_back({0, static_cast<int>(block * rows_per_block), grid.cols, static_cast<int>(rows_per_block),
                           say("block {}", block), static_cast<int>(block)});
    if (block < 16) grid.legend.push_back(say("block {}", block));
  }
  for (const TraceEvent& e : run.trace) {
    if (e.kind != kThreadRan || e.block >= blocks_per_grid) continue;
    CellGridView::Cell cell;
    cell.col = static_cast<int>(e.thread % row_width);
    cell.row = static_cast<int>(e.block * rows_per_block + e.thread / row_width);
    cell.group = static_cast<int>(e.block);
    cell.label = std::to_string(e.payload[0]);
    cell.tooltip = say("threadIdx.x = {}, blockIdx.x = {}: printed \"hello from thread {} of block {}\"",
                       e.payload[0], e.payload[1], e.payload[0], e.payload[1]);
    grid.cells.push_back(std::move(cell));
  }

  FactsView facts;
  facts.title = "What the run recorded";
  const int threads_ran = run.results.value("threads_ran", 0);
  facts.facts = {
      {"launch", "hello" + launch_text},
      {"threads that ran", say("{} thread{} ran", threads_ran, threads_ran == 1 ? "" : "s")},
      {"printf lines received", std::to_string(run.results.value("printf_lines", 0))},
  };
  if (run.trace_overflow) facts.facts.push_back({"records lost", std::to_string(run.trace_overflow)});
  return views_of(std::move(code), std::move(grid), std::move(facts));
}

}  // namespace cudalab::lessons::hello
