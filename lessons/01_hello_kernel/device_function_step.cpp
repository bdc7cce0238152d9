// Chapter 1, step 3: a kernel calls a device function. The host launches `squares` (a __global__
// function); each of its threads calls `square` (a __device__ function) for its element. The
// values are read back from device memory and checked against the same arithmetic on the CPU.
#include <algorithm>
#include <vector>

#include <fmt/format.h>

#include "cudalab/buffer.h"
#include "cudalab/trace.h"
#include "hello_steps.h"
#include "kernels.h"
#include "text/say.h"

namespace cudalab::lessons::hello {
namespace {

constexpr int kCellsPerRow = 16;

// The CPU reference: what square(i) must be.
int square_on_cpu(int i) { return i * i; }

}  // namespace

Step device_function_step() {
  Param elements{"elements", "Elements", Param::Kind::integer, 1, 1024, 16};
  elements.log_scale = true;
  elements.help = "How many elements `squares` fills; each one by its own thread.";
  Param threads{"threads_per_block", "Threads per block", Param::Kind::integer, 0, 2048, 8};
  threads.log_scale = true;
  threads.help = "Blocks per grid follow: enough blocks to give every element a thread.";
  Step step{"Kernel and device function", {elements, threads}};
  step.kernels = {"squares"};
  step.prediction = Prediction{
      .question = "{elements} elements, {threads_per_block} threads per block: how many times is square() called?",
      .unit = "calls",
      .answer_key = "device_function_calls"};
  return step;
}

void run_device_function(const ParamValues& values, Device& device, RunControl&, Run* run) {
  const int elements = static_cast<int>(values.at("elements"));
  const auto threads_per_block = static_cast<unsigned>(values.at("threads_per_block"));
  // Enough blocks to cover every element (the last one may have threads to spare).
  const unsigned blocks_per_grid =
      threads_per_block == 0 ? 1 : (static_cast<unsigned>(elements) + threads_per_block - 1) / threads_per_block;
  const LaunchConfig config{Dim3(blocks_per_grid), Dim3(threads_per_block)};
  run->results["elements"] = elements;
  run->results["launch"] = config.str();

  std::vector<int> out(static_cast<std::size_t>(elements), -1);
  run->status = [&]() -> Status {
    CUDALAB_RETURN_IF_ERROR(validate_launch(config, device.facts()));
    Buffer<int> device_out;
    CUDALAB_RETURN_IF_ERROR(Buffer<int>::from_host(device, out, &device_out));  // -1 marks "not written"
    TraceBuffer trace;
    CUDALAB_RETURN_IF_ERROR(TraceBuffer::create(device, static_cast<std::uint32_t>(elements), &trace));
    CUDALAB_RETURN_IF_ERROR(launch(device, squares, config, elements, device_out.data(), trace.handle()));
    CUDALAB_RETURN_IF_ERROR(device.synchronize());
    CUDALAB_RETURN_IF_ERROR(device_out.download(out));
    return trace.read(&run->trace, &run->trace_overflow);
  }();
  if (!run->status.ok()) return;

  int matching = 0;
  for (int i = 0; i < elements; ++i) matching += out[static_cast<std::size_t>(i)] == square_on_cpu(i);
  run->results["out"] = out;
  run->results["matching_cpu"] = matching;
  run->results["device_function_calls"] = run->trace.size();
}

std::vector<View> device_function_views(const Run& run) {
  const std::vector<int> out = run.results.value("out", std::vector<int>{});
  const int elements = static_cast<int>(out.size());

  // Who wrote each element, from the trace (block and thread as the device saw them).
  std::vector<const TraceEvent*> writer(out.size(), nullptr);
  for (const TraceEvent& e : run.trace)
    if (e.kind == kSquared && e.payload[0] >= 0 && e.payload[0] < elements) writer[e.payload[0]] = &e;

  CellGridView grid;
  grid.title = "out[i], written by square(i) on the device";
  grid.cols = std::min(elements, kCellsPerRow);
  grid.rows = (elements + kCellsPerRow - 1) / kCellsPerRow;
  for (int i = 0; i < elements; ++i) {
    CellGridView::Cell cell;
    cell.col = i % kCellsPerRow;
    cell.row = i / kCellsPerRow;
    const int value = out[static_cast<std::size_t>(i)];
    const TraceEvent* by = writer[static_cast<std::size_t>(i)];
    cell.group = value == square_on_cpu(i) ? 0 : 1;
    cell.label = std::to_string(value);
    cell.tooltip = by ? say("out[{}] = square({}) = {}, written by thread {} of block {}", i, i, value,
                            by->thread, by->block)
                      : say("out[{}] = {}: no thread wrote it", i, value);
    if (value != square_on_cpu(i)) cell.tooltip += say(" (the CPU says {})", square_on_cpu(i));
    grid.cells.push_back(std::move(cell));
  }
  grid.legend = {"matches the CPU", "differs from the CPU"};

  CodeView code;
  code.title = "Who calls whom";
  code.text = fmt::format(
      "// host:   launches the kernel (a __global__ function)\n"
      "squares{}(n, out);\n"
      "// device: each thread of the kernel calls the device function\n"
      "out[i] = square(i);   // __device__ int square(int x)\n"
      "// host:   square(3) here would not compile: square is device code\n",
      run.results.value("launch", ""));
  code.highlight = {2, 4};

  FactsView facts;
  facts.title = "What the run recorded";
  facts.facts = {
      {"launch", "squares" + run.results.value("launch", "")},
      {"square() calls recorded", std::to_string(run.results.value("device_function_calls", 0))},
      {"values matching the CPU", say("{} of {}", run.results.value("matching_cpu", 0), elements)},
  };
  return views_of(std::move(code), std::move(grid), std::move(facts));
}

}  // namespace cudalab::lessons::hello
