// Chapter 2, step 3: 2D grids and blocks. dim3 block(x, y) and dim3 grid(x, y) laid over an image
// of (grid.x × block.x) by (grid.y × block.y) pixels. Each thread works out its column and row,
// and writes its threadIdx, blockIdx and warp into its pixel; the picture is that image read back.
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
constexpr unsigned kWarpSize = 32;

std::vector<int> field(const std::vector<ThreadIds2D>& ids, int ThreadIds2D::*member) {
  std::vector<int> values(ids.size());
  std::transform(ids.begin(), ids.end(), values.begin(), [member](const ThreadIds2D& t) { return t.*member; });
  return values;
}

}  // namespace

Step grid_2d_step() {
  Param block_x{"block_x", "Block x (blockDim.x)", Param::Kind::integer, 0, 2048, 16};
  Param block_y{"block_y", "Block y (blockDim.y)", Param::Kind::integer, 0, 2048, 4};
  Param grid_x{"grid_x", "Grid x (gridDim.x)", Param::Kind::integer, 0, 4096, 2};
  Param grid_y{"grid_y", "Grid y (gridDim.y)", Param::Kind::integer, 0, 65536, 2};
  for (Param* p : {&block_x, &block_y, &grid_x, &grid_y}) p->log_scale = true;
  block_x.help = "Threads along x in each block; x is the fast index: neighbours along x are consecutive threads.";
  block_y.help = "Threads along y in each block. A block holds block x × block y threads.";
  grid_x.help = "Blocks along x.";
  grid_y.help = "Blocks along y; a GPU allows far fewer along y than along x.";
  Step step{"2D grids and blocks", {block_x, block_y, grid_x, grid_y, colour_by_param()}};
  step.kernels = {"who_am_i_2d"};
  step.prediction = Prediction{
      .question = "A grid of {grid_x} × {grid_y} blocks, each {block_x} × {block_y} threads: how many threads run?",
      .unit = "threads",
      .answer_key = "threads_ran"};
  return step;
}

void run_grid_2d(const ParamValues& values, Device& device, RunControl&, Run* run) {
  const Dim3 block(static_cast<unsigned>(values.at("block_x")), static_cast<unsigned>(values.at("block_y")));
  const Dim3 grid(static_cast<unsigned>(values.at("grid_x")), static_cast<unsigned>(values.at("grid_y")));
  const LaunchConfig config{grid, block};
  const int width = static_cast<int>(grid.x * block.x), height = static_cast<int>(grid.y * block.y);
  for (const char* name : {"block_x", "block_y", "grid_x", "grid_y"})
    run->results[name] = static_cast<unsigned>(values.at(name));
  run->results["width"] = width;
  run->results["height"] = height;
  run->results["launch"] = config.str();

  std::vector<ThreadIds2D> ids;
  run->status = [&]() -> Status {
    CUDALAB_RETURN_IF_ERROR(validate_launch(config, device.facts()));
    if (config.total_threads() > kMostThreadsDrawn)
      return Status::error(StatusCode::invalid_argument,
                           say("this step draws at most {} threads; you asked for {} ({} × {} blocks of {} × {})",
                               kMostThreadsDrawn, config.total_threads(), grid.x, grid.y, block.x, block.y));
    ids.assign(config.total_threads(), ThreadIds2D{kNotWritten, kNotWritten, kNotWritten, kNotWritten, kNotWritten});
    Buffer<ThreadIds2D> ids_on_device;
    CUDALAB_RETURN_IF_ERROR(Buffer<ThreadIds2D>::from_host(device, ids, &ids_on_device));
    CUDALAB_RETURN_IF_ERROR(launch(device, who_am_i_2d, config, width, height, ids_on_device.data()));
    CUDALAB_RETURN_IF_ERROR(device.synchronize());
    return ids_on_device.download(ids);
  }();
  if (!run->status.ok()) return;
  run->results["thread_x"] = field(ids, &ThreadIds2D::thread_x);
  run->results["thread_y"] = field(ids, &ThreadIds2D::thread_y);
  run->results["block_idx_x"] = field(ids, &ThreadIds2D::block_x);
  run->results["block_idx_y"] = field(ids, &ThreadIds2D::block_y);
  run->results["warp"] = field(ids, &ThreadIds2D::warp);
  // Every thread that ran wrote its ids over the "not written" marks.
  run->results["threads_ran"] =
      std::count_if(ids.begin(), ids.end(), [](const ThreadIds2D& id) { return id.thread_x != kNotWritten; });
}

std::vector<View> grid_2d_views(const Run& run) {
  const unsigned block_x = run.results.value("block_x", 1u), block_y = run.results.value("block_y", 1u);
  const unsigned grid_x = run.results.value("grid_x", 1u), grid_y = run.results.value("grid_y", 1u);
  const int width = run.results.value("width", 0), height = run.results.value("height", 0);
  const auto thread_x = run.results.value("thread_x", std::vector<int>{});
  const auto thread_y = run.results.value("thread_y", std::vector<int>{});
  const auto block_idx_x = run.results.value("block_idx_x", std::vector<int>{});
  const auto block_idx_y = run.results.value("block_idx_y", std::vector<int>{});
  const auto warp = run.results.value("warp", std::vector<int>{});
  const std::size_t pixels = std::min({thread_x.size(), thread_y.size(), block_idx_x.size(), block_idx_y.size(),
                                       warp.size(), std::size_t(width) * std::size_t(height)});
  const ColourBy colour_by = colour_by_of(run);
  const unsigned threads_per_block = block_x * block_y;

  CellGridView image;
  image.title = "The image: each pixel written by the thread at that column and row";
  image.cols = width;
  image.rows = height;
  image.legend = colour_legend(colour_by, grid_x * grid_y, threads_per_block);
  for (unsigned by = 0; by < grid_y; ++by)
    for (unsigned bx = 0; bx < grid_x; ++bx)
      image.frames.push_back({static_cast<int>(bx * block_x), static_cast<int>(by * block_y), static_cast<int>(block_x),
                              static_cast<int>(block_y), say("block ({}, {})", bx, by),
                              static_cast<int>(bx + by * grid_x)});
  image.cells.reserve(pixels);
  int written = 0;
  for (std::size_t pixel = 0; pixel < pixels; ++pixel) {
    CellGridView::Cell cell;
    cell.col = static_cast<int>(pixel % width);
    cell.row = static_cast<int>(pixel / width);
    const int tx = thread_x[pixel], ty = thread_y[pixel], bx = block_idx_x[pixel], by = block_idx_y[pixel];
    if (tx < 0 || ty < 0 || bx < 0 || by < 0 || warp[pixel] < 0) {
      cell.group = -1;
      cell.tooltip = say("pixel (col {}, row {}): no thread wrote here", cell.col, cell.row);
      image.cells.push_back(std::move(cell));
      continue;
    }
    ++written;
    const int linear_thread = tx + ty * static_cast<int>(block_x);
    colour_cell(colour_by, static_cast<unsigned>(bx + by * static_cast<int>(grid_x)), static_cast<unsigned>(linear_thread),
                threads_per_block, static_cast<unsigned>(warp[pixel]), &cell);
    cell.label = fmt::format(FMT_COMPILE("{},{}"), tx, ty);
    cell.tooltip = say("col = threadIdx.x + blockIdx.x * blockDim.x = {} + {} × {} = {}", tx, bx, block_x,
                       tx + bx * static_cast<int>(block_x)) +
                   "\n" +
                   say("row = threadIdx.y + blockIdx.y * blockDim.y = {} + {} × {} = {}", ty, by, block_y,
                       ty + by * static_cast<int>(block_y)) +
                   "\n" +
                   say("thread in block = threadIdx.x + threadIdx.y * blockDim.x = {} + {} × {} = {}", tx, ty, block_x,
                       linear_thread) +
                   "\n" + say("warp = {} / {} = {}", linear_thread, kWarpSize, warp[pixel]);
    image.cells.push_back(std::move(cell));
  }

  CodeView code;
  code.title = "The launch and the indexing";
  code.text = fmt::format(
      "dim3 block({}, {});  // blockDim\n"
      "dim3 grid({}, {});   // gridDim\n"
      "who_am_i_2d<<<grid, block>>>(width, height, ids);  // {} × {} pixels\n"
      "\n"
      "int col = threadIdx.x + blockIdx.x * blockDim.x;\n"
      "int row = threadIdx.y + blockIdx.y * blockDim.y;\n"
      "int warp = (threadIdx.x + threadIdx.y * blockDim.x) / warpSize;\n",
      block_x, block_y, grid_x, grid_y, width, height);
  code.highlight = colour_by == ColourBy::warp ? std::vector<int>{7} : std::vector<int>{5, 6};

  // How many rows of a block one warp covers, from what the threads of block (0, 0) wrote.
  std::vector<bool> row_in_first_warp(block_y, false);
  for (std::size_t pixel = 0; pixel < pixels; ++pixel)
    if (block_idx_x[pixel] == 0 && block_idx_y[pixel] == 0 && warp[pixel] == 0 && thread_y[pixel] >= 0 &&
        thread_y[pixel] < static_cast<int>(block_y))
      row_in_first_warp[static_cast<std::size_t>(thread_y[pixel])] = true;
  const auto rows_per_warp = std::count(row_in_first_warp.begin(), row_in_first_warp.end(), true);
  const unsigned warps_per_block = (threads_per_block + kWarpSize - 1) / kWarpSize;
  FactsView facts;
  facts.title = "What the kernel wrote";
  facts.facts = {
      {"launch", "who_am_i_2d" + run.results.value("launch", "")},
      {"pixels written", say("{} of {} ({} × {})", written, std::size_t(width) * height, width, height)},
      {"threads per block", say("{} = {} × {}", threads_per_block, block_x, block_y)},
      {"warps per block", std::to_string(warps_per_block)},
      {say("rows of a block warp {} covers", 0), say("{} (of {} threads each)", rows_per_warp, block_x)},
  };
  return views_of(std::move(image), std::move(code), std::move(facts));
}

}  // namespace cudalab::lessons::threads
