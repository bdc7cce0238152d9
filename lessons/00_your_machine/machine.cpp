// Chapter 0, "Your machine": the host/device vocabulary beside this machine's real facts, and a
// first kernel that shows which SM ran which block.
#include <algorithm>
#include <cmath>
#include <map>

#include <fmt/format.h>

#include "common/step_table_lesson.h"
#include "cudalab/buffer.h"
#include "cudalab/trace.h"
#include "kernels.h"
#include "lesson.h"
#include "machine_facts.h"
#include "text/say.h"

namespace cudalab::lessons {
namespace {

Step facts_step() {
  Step step{"Host and device", {}};
  step.prediction = Prediction{.question = "How many threads can one block of this device have at most?",
                               .kind = Prediction::Kind::choice,
                               .choices = {"32", "256", "1024", "4096"},
                               .answer_key = "max_threads_per_block_choice"};
  return step;
}

// The facts answer the step's question by the index of the matching choice (none: no answer).
void answer_max_threads_per_block(const DeviceFacts& facts, Run* run) {
  const int choices[] = {32, 256, 1024, 4096};
  for (int i = 0; i < 4; ++i) {
    if (facts.max_threads_per_block == choices[i]) run->results["max_threads_per_block_choice"] = i;
  }
}

void run_facts(const ParamValues&, Device& device, RunControl&, Run* run) {
  run->results = machine_facts_json(device);
  answer_max_threads_per_block(device.facts(), run);
}

Step where_step() {
  Param blocks{"blocks_per_grid", "Blocks per grid", Param::Kind::integer, 1, 4096, 264};
  blocks.log_scale = true;
  blocks.help = "How many blocks the host launches; each runs on one SM, and the hardware picks which.";
  Param threads{"threads_per_block", "Threads per block", Param::Kind::integer, 1, 1024, 128};
  threads.log_scale = true;
  threads.help = "Threads in each block; all of a block's threads run on the same SM.";
  Step step{"Who ran where", {blocks, threads}};
  step.kernels = {"where_am_i"};
  step.prediction = Prediction{
      .question = "You launch {blocks_per_grid} blocks. On how many SMs does at least one of them run?",
      .unit = "SMs",
      .answer_key = "units_used"};
  return step;
}

void run_where_am_i(const ParamValues& values, Device& device, RunControl&, Run* run) {
  LaunchConfig config{Dim3(static_cast<unsigned>(values.at("blocks_per_grid"))),
                      Dim3(static_cast<unsigned>(values.at("threads_per_block")))};
  TraceBuffer trace;
  std::vector<int> block_ran(config.grid.x, 0);  // the kernel marks each block's slot
  auto step_status = [&]() -> Status {
    CUDALAB_RETURN_IF_ERROR(TraceBuffer::create(device, config.grid.x, &trace));
    Buffer<int> block_ran_on_device;
    CUDALAB_RETURN_IF_ERROR(Buffer<int>::from_host(device, block_ran, &block_ran_on_device));
    auto start = device.record_event();
    CUDALAB_RETURN_IF_ERROR(launch(device, machine::where_am_i, config, block_ran_on_device.data(), trace.handle()));
    auto end = device.record_event();
    CUDALAB_RETURN_IF_ERROR(device.synchronize());
    run->timings.push_back({"kernel", device.elapsed_ms(*start, *end), device.timing_source()});
    CUDALAB_RETURN_IF_ERROR(block_ran_on_device.download(block_ran));
    return trace.read(&run->trace, &run->trace_overflow);
  }();
  run->status = step_status;
  run->printf_output = device.take_printf_output();
  if (!step_status.ok()) return;
  std::map<unsigned, int> blocks_per_sm;
  for (const TraceEvent& e : run->trace) ++blocks_per_sm[e.sm];
  run->results["launch"] = config.str();
  run->results["blocks_recorded"] = run->trace.size();
  run->results["blocks_marked"] = std::count(block_ran.begin(), block_ran.end(), 1);
  run->results["units"] = device.facts().sm_count;
  run->results["units_used"] = blocks_per_sm.size();
}

std::vector<View> where_views(const Run& run) {
  const bool gpu = run.device.is_gpu();
  const int units = std::max(1, run.device.sm_count);
  std::vector<std::vector<unsigned>> blocks_on(units);
  for (const TraceEvent& e : run.trace)
    if (e.sm < static_cast<unsigned>(units)) blocks_on[e.sm].push_back(e.block);
  std::size_t most = 1;
  for (const auto& b : blocks_on) most = std::max(most, b.size());

  CellGridView grid;
  grid.title = gpu ? "Blocks per SM (from %smid, recorded by each block)"
                   : "Blocks per emulator worker (the emulator's stand-in for an SM)";
  grid.cols = std::min(units, 12);
  grid.rows = (units + grid.cols - 1) / grid.cols;
  grid.legend = {"ran at least one block", "ran none"};
  for (int unit = 0; unit < units; ++unit) {
    CellGridView::Cell cell;
    cell.col = unit % grid.cols;
    cell.row = unit / grid.cols;
    const auto& blocks = blocks_on[unit];
    cell.group = blocks.empty() ? -1 : 0;
    cell.shade = blocks.empty() ? 1.f : 0.35f + 0.65f * static_cast<float>(blocks.size()) / most;
    cell.label = std::to_string(blocks.size());
    std::string list;
    for (std::size_t i = 0; i < blocks.size() && i < 8; ++i) list += (i ? ", " : "") + std::to_string(blocks[i]);
    if (blocks.size() > 8) list += ", …";
    cell.tooltip = blocks.empty() ? say("{} {}: ran {} block{}", gpu ? "SM" : "worker", unit, blocks.size(),
                                        blocks.size() == 1 ? "" : "s")
                                  : say("{} {}: ran {} block{} ({})", gpu ? "SM" : "worker", unit, blocks.size(),
                                        blocks.size() == 1 ? "" : "s", as_is(list));
    grid.cells.push_back(std::move(cell));
  }
  FactsView facts;
  facts.title = "What the run recorded";
  facts.facts = {
      {"launch", run.results.value("launch", "")},
      {"blocks marked in block_ran", std::to_string(run.results.value("blocks_marked", 0))},
      {"blocks that recorded their SM", std::to_string(run.trace.size())},
      {gpu ? "SMs that ran blocks" : "workers that ran blocks",
       say("{} of {}", run.results.value("units_used", 0), units)},
  };
  if (!run.timings.empty())
    facts.facts.push_back({"kernel time", say("{:.3f} ms ({})", run.timings[0].ms, describe(run.timings[0].source))});
  return {grid, facts};
}

}  // namespace

std::unique_ptr<Lesson> make_machine_lesson() {
  auto lesson = std::make_unique<StepTableLesson>(
      "machine", "Your machine", "00_your_machine", "kernels.cuh",
      std::vector<StepEntry>{
          // The facts are drawn whatever the run's status: they describe the machine, not a launch.
          {facts_step, run_facts, machine_facts_views, FailedRunViews::always},
          {where_step, run_where_am_i, where_views},
      });
  lesson->set_program_file("program.cu");
  return lesson;
}

}  // namespace cudalab::lessons
