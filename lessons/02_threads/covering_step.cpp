// Chapter 2, step 2: covering an array of n elements. Either one thread per element, with the grid
// rounded up to whole blocks and the guard `if (i < n)` idling the threads past the end; or a
// grid-stride loop, where fewer threads than elements each take every (total threads)-th element.
// Each kernel adds 1 to every element it touches and records which element; the host reads the
// data back (every element must be exactly 1) and the records (which thread touched what).
#include <algorithm>
#include <array>
#include <vector>

#include <fmt/compile.h>
#include <fmt/format.h>

#include "cudalab/buffer.h"
#include "cudalab/trace.h"
#include "kernels.h"
#include "text/say.h"
#include "thread_cells.h"
#include "threads_steps.h"

namespace cudalab::lessons::threads {
namespace {

enum Pattern { kOnePerElement = 0, kGridStride = 1 };
constexpr std::size_t kElementsListed = 4;  // per thread, in its tooltip

// What the trace says one launched thread did.
struct ThreadWork {
  int touched = 0;
  std::array<int, kElementsListed> first_elements{};
};

std::string listed(const ThreadWork& work) {
  std::string text;
  for (int k = 0; k < work.touched && k < static_cast<int>(kElementsListed); ++k)
    text += (k ? ", " : "") + std::to_string(work.first_elements[k]);
  if (work.touched > static_cast<int>(kElementsListed)) text += ", …";
  return text;
}

}  // namespace

Step covering_step() {
  Param elements{"elements", "Elements (n)", Param::Kind::integer, 1, 65536, 10};
  elements.log_scale = true;
  elements.help = "How long the array is.";
  Param threads{"threads_per_block", "Threads per block", Param::Kind::integer, 0, 2048, 4};
  threads.log_scale = true;
  threads.help = "One thread per element: blocks per grid follow as ceil(n / threads per block).";
  Param pattern{"pattern", "Kernel", Param::Kind::choice, 0, 1, kOnePerElement};
  pattern.choices = {"one_per_element", "grid_stride"};
  pattern.help = "one_per_element: add_one with its if (i < n) guard. grid_stride: add_one_grid_stride's loop.";
  Param blocks{"blocks_per_grid", "Blocks per grid (grid-stride only)", Param::Kind::integer, 0, 64, 2};
  blocks.help = "The grid-stride loop works with any grid; one thread per element ignores this.";
  Step step{"Covering an array", {elements, threads, pattern, blocks}};
  step.kernels = {"add_one", "add_one_grid_stride"};
  step.prediction = Prediction{
      .question = "n = {elements}, {threads_per_block} threads per block, kernel {pattern}: how many threads of the grid "
                  "touch no element at all?",
      .unit = "threads",
      .answer_key = "idle_threads"};
  return step;
}

void run_covering(const ParamValues& values, Device& device, RunControl&, Run* run) {
  const int elements = static_cast<int>(values.at("elements"));
  const auto threads_per_block = static_cast<unsigned>(values.at("threads_per_block"));
  const bool grid_stride = static_cast<int>(values.at("pattern")) == kGridStride;
  // One thread per element: round up, so the last block may run past the end of the array.
  const unsigned blocks_per_grid =
      grid_stride ? static_cast<unsigned>(values.at("blocks_per_grid"))
                  : (static_cast<unsigned>(elements) + std::max(threads_per_block, 1u) - 1) / std::max(threads_per_block, 1u);
  const LaunchConfig config{Dim3(blocks_per_grid), Dim3(threads_per_block)};
  run->results["elements"] = elements;
  run->results["threads_per_block"] = threads_per_block;
  run->results["blocks_per_grid"] = blocks_per_grid;
  run->results["grid_stride"] = grid_stride;
  run->results["launch"] = config.str();

  std::vector<int> data(static_cast<std::size_t>(elements), 0);
  run->status = [&]() -> Status {
    CUDALAB_RETURN_IF_ERROR(validate_launch(config, device.facts()));
    Buffer<int> data_on_device;
    CUDALAB_RETURN_IF_ERROR(Buffer<int>::from_host(device, data, &data_on_device));
    // Room for every element once plus one extra touch per thread: a kernel that touched elements
    // twice would show it, not lose it.
    TraceBuffer trace;
    CUDALAB_RETURN_IF_ERROR(
        TraceBuffer::create(device, static_cast<std::uint32_t>(elements + config.total_threads()), &trace));
    if (grid_stride)
      CUDALAB_RETURN_IF_ERROR(launch(device, add_one_grid_stride, config, elements, data_on_device.data(), trace.handle()));
    else
      CUDALAB_RETURN_IF_ERROR(launch(device, add_one, config, elements, data_on_device.data(), trace.handle()));
    CUDALAB_RETURN_IF_ERROR(device.synchronize());
    CUDALAB_RETURN_IF_ERROR(data_on_device.download(data));
    return trace.read(&run->trace, &run->trace_overflow);
  }();
  if (!run->status.ok()) return;
  run->results["data"] = data;
  run->results["elements_touched_once"] = std::count(data.begin(), data.end(), 1);
  // Threads that recorded no touch: the spare threads the guard (or the loop's end) kept out.
  std::vector<bool> touched(config.total_threads(), false);
  for (const TraceEvent& e : run->trace) {
    const std::size_t thread = std::size_t(e.block) * threads_per_block + e.thread;
    if (e.kind == kElementTouched && thread < touched.size()) touched[thread] = true;
  }
  run->results["idle_threads"] = std::count(touched.begin(), touched.end(), false);
}

std::vector<View> covering_views(const Run& run) {
  const int elements = run.results.value("elements", 0);
  const unsigned threads_per_block = std::max(run.results.value("threads_per_block", 1u), 1u);
  const unsigned blocks_per_grid = run.results.value("blocks_per_grid", 0u);
  const bool grid_stride = run.results.value("grid_stride", false);
  const auto data = run.results.value("data", std::vector<int>{});
  const std::size_t total_threads = std::size_t(blocks_per_grid) * threads_per_block;
  const unsigned stride = blocks_per_grid * threads_per_block;

  // Who touched what, from the records.
  std::vector<ThreadWork> work(total_threads);
  std::vector<int> toucher(data.size(), -1);  // global thread id of the (last) thread per element
  for (const TraceEvent& e : run.trace) {
    if (e.kind != kElementTouched) continue;
    const std::size_t thread = std::size_t(e.block) * threads_per_block + e.thread;
    if (thread >= total_threads) continue;
    ThreadWork& w = work[thread];
    if (w.touched < static_cast<int>(kElementsListed)) w.first_elements[w.touched] = e.payload[0];
    ++w.touched;
    if (e.payload[0] >= 0 && e.payload[0] < elements) toucher[e.payload[0]] = static_cast<int>(thread);
  }

  const Layout1D layout(threads_per_block, blocks_per_grid);
  CellGridView threads;
  threads.title = "Threads launched (grey: idle, touched no element)";
  threads.cols = layout.cols();
  threads.rows = layout.rows();
  threads.legend = colour_legend(ColourBy::block, blocks_per_grid, threads_per_block);
  for (unsigned block = 0; block < blocks_per_grid; ++block) threads.frames.push_back(layout.frame(block));
  threads.cells.reserve(total_threads);
  int idle_threads = 0;
  for (std::size_t id = 0; id < total_threads; ++id) {
    const auto block = static_cast<unsigned>(id / threads_per_block), thread = static_cast<unsigned>(id % threads_per_block);
    const ThreadWork& w = work[id];
    CellGridView::Cell cell;
    cell.col = layout.col(block, thread);
    cell.row = layout.row(block, thread);
    if (w.touched == 0) {
      ++idle_threads;
      cell.group = -1;
      cell.tooltip = grid_stride ? say("threadIdx.x + blockIdx.x * blockDim.x = {} + {} × {} = {} ≥ n = {}: the loop never "
                                       "runs; this thread is idle",
                                       thread, block, threads_per_block, id, elements)
                                 : say("threadIdx.x + blockIdx.x * blockDim.x = {} + {} × {} = {} ≥ n = {}: the guard if "
                                       "(i < n) keeps it idle",
                                       thread, block, threads_per_block, id, elements);
    } else {
      cell.group = static_cast<int>(block);
      cell.label = w.touched == 1 ? std::to_string(w.first_elements[0]) : say("×{}", w.touched);
      cell.tooltip = grid_stride ? say("i starts at threadIdx.x + blockIdx.x * blockDim.x = {} + {} × {} = {}, then i += "
                                       "blockDim.x * gridDim.x = {}: touched {} element{} ({})",
                                       thread, block, threads_per_block, id, stride, w.touched, w.touched == 1 ? "" : "s",
                                       as_is(listed(w)))
                                 : say("threadIdx.x + blockIdx.x * blockDim.x = {} + {} × {} = {} < n = {}: adds {} to "
                                       "data[{}]",
                                       thread, block, threads_per_block, id, elements, 1, as_is(listed(w)));
    }
    threads.cells.push_back(std::move(cell));
  }

  CellGridView array;
  array.title = "The array read back: each element labelled with the thread that added 1 to it (grey: not exactly 1)";
  array.cols = std::min<int>(elements, static_cast<int>(kCellsPerRow));
  array.rows = (elements + static_cast<int>(kCellsPerRow) - 1) / static_cast<int>(kCellsPerRow);
  array.legend = threads.legend;
  array.cells.reserve(data.size());
  for (int i = 0; i < static_cast<int>(data.size()); ++i) {
    CellGridView::Cell cell;
    cell.col = i % static_cast<int>(kCellsPerRow);
    cell.row = i / static_cast<int>(kCellsPerRow);
    const int value = data[static_cast<std::size_t>(i)];
    const int by = toucher[static_cast<std::size_t>(i)];
    if (value == 1 && by >= 0) {
      cell.label = std::to_string(by);
      cell.group = by / static_cast<int>(threads_per_block);
      cell.tooltip = say("data[{}] = {}: touched once, by thread {} of block {} (global id {})", i, 1,
                         by % threads_per_block, by / threads_per_block, by);
    } else {
      cell.label = std::to_string(value);
      cell.group = -1;
      cell.tooltip = say("data[{}] = {}: should be 1, touched exactly once", i, value);
    }
    array.cells.push_back(std::move(cell));
  }

  CodeView code;
  code.title = "The launch";
  const std::string launch_text = run.results.value("launch", "");
  code.text = grid_stride
                  ? fmt::format("add_one_grid_stride{}(n, data);  // {} threads for n = {}\n"
                                "// each thread: i = its global id, then i += {} while i < {}\n",
                                launch_text, total_threads, elements, stride, elements)
                  : fmt::format("int blocks_per_grid = (n + threads_per_block - 1) / threads_per_block;  // = {}\n"
                                "add_one{}(n, data);  // {} threads for n = {}\n",
                                blocks_per_grid, launch_text, total_threads, elements);
  code.highlight = {grid_stride ? 1 : 2};

  FactsView facts;
  facts.title = "What the run recorded";
  facts.facts = {
      {"threads launched", say("{} ({} block{} × {})", total_threads, blocks_per_grid,
                               blocks_per_grid == 1 ? "" : "s", threads_per_block)},
      {"threads that touched an element", std::to_string(total_threads - idle_threads)},
      {"idle threads", std::to_string(idle_threads)},
      {"elements touched exactly once", say("{} of {}", run.results.value("elements_touched_once", 0), elements)},
  };
  if (run.trace_overflow) facts.facts.push_back({"records lost", std::to_string(run.trace_overflow)});
  return views_of(std::move(threads), std::move(array), std::move(code), std::move(facts));
}

}  // namespace cudalab::lessons::threads
