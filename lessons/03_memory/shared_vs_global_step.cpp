// Chapter 3, step 3: shared against global memory. A blur reads every input 2 × radius + 1 times;
// blur_from_global goes to global memory for each read, blur_through_shared copies each block's
// inputs into its shared tile once and reads them from there. Both are timed (median of repeats)
// and checked against the CPU; then a few blocks of the shared kernel run again with the trace on,
// so the picture shows which block copied which input into which slot of its own tile.
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "cudalab/buffer.h"
#include "cudalab/trace.h"
#include "kernels.h"
#include "memory_steps.h"
#include "text/say.h"

namespace cudalab::lessons::memory {
namespace {

constexpr unsigned kBlocksPictured = 3;
constexpr int kSlotsPerRow = 32;  // the picture folds each tile into rows of this many slots

// The CPU's blur, from running sums in double precision: exact enough to judge the kernels' float
// sums by, and fast for any radius.
std::vector<float> blur_on_cpu(const std::vector<float>& in, int radius) {
  const long long n = static_cast<long long>(in.size());
  std::vector<double> running(in.size() + 1, 0.0);  // running[i] = in[0] + ... + in[i - 1]
  for (std::size_t i = 0; i < in.size(); ++i) running[i + 1] = running[i] + in[i];
  std::vector<float> out(in.size());
  for (long long i = 0; i < n; ++i) {
    const long long first = std::max(0LL, i - radius), last = std::min(n - 1, i + radius);
    out[static_cast<std::size_t>(i)] = static_cast<float>((running[last + 1] - running[first]) / (2 * radius + 1));
  }
  return out;
}

double largest_difference(const std::vector<float>& a, const std::vector<float>& b) {
  double worst = 0;
  for (std::size_t i = 0; i < a.size(); ++i) worst = std::max(worst, std::fabs(double(a[i]) - double(b[i])));
  return worst;
}

}  // namespace

Step shared_vs_global_step() {
  Param elements{"elements", "Elements", Param::Kind::integer, 1024, 1 << 26, 1 << 20};
  elements.log_scale = true;
  elements.help = "Length of the array blurred.";
  Param radius{"radius", "Blur radius", Param::Kind::integer, 1, 512, 8};
  radius.log_scale = true;
  radius.help = "Each output averages 2 × radius + 1 inputs: the larger, the more often every input is read.";
  Param threads{"threads_per_block", "Threads per block", Param::Kind::integer, 32, 1024, 256};
  threads.log_scale = true;
  threads.help = "Also the tile: each block stages threads + 2 × radius inputs in shared memory.";
  Step step{"Shared vs global", {elements, radius, threads}};
  step.kernels = {"blur_from_global", "blur_through_shared"};
  step.prediction = Prediction{.question = "Blur radius {radius}, {threads_per_block} threads per block: which kernel is faster?",
                               .kind = Prediction::Kind::choice,
                               .choices = {"Reading global memory only", "Staging a tile in shared memory"},
                               .answer_key = "faster_kernel"};
  return step;
}

void run_shared_vs_global(const ParamValues& values, Device& device, RunControl& control, Run* run) {
  const int elements = static_cast<int>(values.at("elements"));
  const int radius = static_cast<int>(values.at("radius"));
  const auto threads = static_cast<unsigned>(values.at("threads_per_block"));
  const unsigned blocks = (static_cast<unsigned>(elements) + threads - 1) / threads;
  const int tile_size = static_cast<int>(threads) + 2 * radius;
  const std::size_t tile_bytes = static_cast<std::size_t>(tile_size) * sizeof(float);
  const LaunchConfig global_config{Dim3(blocks), Dim3(threads)};
  const LaunchConfig shared_config{Dim3(blocks), Dim3(threads), tile_bytes};
  run->results["elements"] = elements;
  run->results["radius"] = radius;
  run->results["threads_per_block"] = threads;
  run->results["blocks_per_grid"] = blocks;
  run->results["tile_size"] = tile_size;
  run->results["global_launch"] = global_config.str();
  run->results["shared_launch"] = shared_config.str();

  const std::size_t buffer_bytes = static_cast<std::size_t>(elements) * sizeof(float);
  if (3 * buffer_bytes > device.free_memory()) {
    run->status = Status::error(StatusCode::out_of_memory,
                                say("this step needs three arrays of {} and the device has {} free",
                                    bytes_in_words(double(buffer_bytes)), bytes_in_words(double(device.free_memory()))));
    return;
  }
  // Host side: the input, both results and the CPU's (in double, with its running sums).
  if (run->status = check_host_room(device, 4 * buffer_bytes + 4 * buffer_bytes, 3 * buffer_bytes); !run->status.ok()) return;
  const std::vector<float> input = random_inputs(static_cast<std::size_t>(elements), 5);
  std::vector<float> from_global(input.size()), through_shared(input.size());
  const RepeatPolicy policy = repeat_policy(device);
  Timing global_timing{"blur_from_global"}, shared_timing{"blur_through_shared"};
  const unsigned blocks_pictured = std::min(blocks, kBlocksPictured);
  run->status = [&]() -> Status {
    CUDALAB_RETURN_IF_ERROR(validate_launch(shared_config, device.facts()));
    Buffer<float> in, out_global, out_shared;
    CUDALAB_RETURN_IF_ERROR(Buffer<float>::from_host(device, input, &in));
    CUDALAB_RETURN_IF_ERROR(Buffer<float>::create(device, input.size(), &out_global));
    CUDALAB_RETURN_IF_ERROR(Buffer<float>::create(device, input.size(), &out_shared));
    CUDALAB_RETURN_IF_ERROR(time_on_device(
        device, [&] { return launch(device, blur_from_global, global_config, in.data(), out_global.data(), elements, radius); },
        policy, control, &global_timing));
    CUDALAB_RETURN_IF_ERROR(time_on_device(
        device,
        [&] { return launch(device, blur_through_shared, shared_config, in.data(), out_shared.data(), elements, radius, Trace{}); },
        policy, control, &shared_timing));
    CUDALAB_RETURN_IF_ERROR(out_global.download(from_global));
    CUDALAB_RETURN_IF_ERROR(out_shared.download(through_shared));
    // The picture: the first blocks again, each thread recording every tile slot it fills.
    TraceBuffer trace;
    CUDALAB_RETURN_IF_ERROR(TraceBuffer::create(device, blocks_pictured * static_cast<unsigned>(tile_size), &trace));
    const LaunchConfig pictured{Dim3(blocks_pictured), Dim3(threads), tile_bytes};
    CUDALAB_RETURN_IF_ERROR(
        launch(device, blur_through_shared, pictured, in.data(), out_shared.data(), elements, radius, trace.handle()));
    CUDALAB_RETURN_IF_ERROR(device.synchronize());
    return trace.read(&run->trace, &run->trace_overflow);
  }();
  if (!run->status.ok()) return;

  const std::vector<float> expected = blur_on_cpu(input, radius);
  const double global_error = largest_difference(from_global, expected);
  const double shared_error = largest_difference(through_shared, expected);
  run->results["global_largest_error"] = global_error;
  run->results["shared_largest_error"] = shared_error;
  // A float sum of m numbers in [1, 2) is off by at most about m × 2⁻²⁴ × 1.5 m; the average, by m
  // times less.
  const double tolerance = 1e-7 * (2 * radius + 1) + 2e-6;
  run->results["tolerance"] = tolerance;
  if (global_error > tolerance || shared_error > tolerance) {
    run->status = Status::error(StatusCode::internal,
                                say("the blur disagrees with the CPU: largest differences {:.3g} (global) and "
                                    "{:.3g} (shared)", global_error, shared_error));
    return;
  }

  // Global reads, counted: the global kernel reads every valid neighbour of every output; the
  // shared one reads each valid slot of each tile once.
  long long global_reads = 0, shared_reads = 0;
  for (int i = 0; i < std::min(elements, radius); ++i) global_reads -= radius - i;  // left edge: missing neighbours
  for (int i = std::max(0, elements - radius); i < elements; ++i) global_reads -= radius - (elements - 1 - i);
  global_reads += static_cast<long long>(elements) * (2 * radius + 1);
  for (unsigned b = 0; b < blocks; ++b) {
    const long long first = static_cast<long long>(b) * threads - radius;
    const long long last = first + tile_size - 1;
    shared_reads += std::min<long long>(last, elements - 1) - std::max<long long>(first, 0) + 1;
  }
  run->results["global_reads"] = global_reads;
  run->results["shared_global_reads"] = shared_reads;
  run->results["global_ms"] = global_timing.ms;
  run->results["shared_ms"] = shared_timing.ms;
  run->results["speedup"] = shared_timing.ms > 0 ? global_timing.ms / shared_timing.ms : 0.0;
  run->results["faster_kernel"] = shared_timing.ms < global_timing.ms ? 1 : 0;
  run->results["blocks_pictured"] = blocks_pictured;
  run->timings = {global_timing, shared_timing};
}

std::vector<View> shared_vs_global_views(const Run& run) {
  const int radius = run.results.value("radius", 0);
  const int threads = run.results.value("threads_per_block", 1);
  const int tile_size = run.results.value("tile_size", 1);
  const int elements = run.results.value("elements", 0);
  const int blocks_pictured = run.results.value("blocks_pictured", 0);
  const bool gpu = run.device.is_gpu();

  // Each pictured block's tile, folded into rows of 32 slots (one warp's worth) and stacked with a
  // gap row between blocks: tile[s] of block b sits at column s % 32 of b's band.
  const int rows_per_tile = (tile_size + kSlotsPerRow - 1) / kSlotsPerRow;
  auto band_of = [&](int block) { return block * (rows_per_tile + 1); };
  CellGridView tiles;
  tiles.title = say("Each block's own shared tile, as its threads filled it (the first {} blocks; 32 slots a row)",
                    blocks_pictured);
  tiles.cols = std::min(tile_size, kSlotsPerRow);
  tiles.rows = blocks_pictured > 0 ? band_of(blocks_pictured) - 1 : 0;
  for (int b = 0; b < blocks_pictured; ++b) tiles.legend.push_back(say("block {}'s tile", b));
  for (const TraceEvent& e : run.trace) {
    if (e.kind != kTileSlotLoaded || e.block >= static_cast<unsigned>(blocks_pictured)) continue;
    const int element = e.payload[0], slot = e.payload[1];
    if (slot < 0 || slot >= tile_size) continue;
    const bool halo = slot < radius || slot >= radius + threads;
    const bool outside = element < 0 || element >= elements;
    CellGridView::Cell cell;
    cell.col = slot % kSlotsPerRow;
    cell.row = band_of(static_cast<int>(e.block)) + slot / kSlotsPerRow;
    cell.group = outside ? -1 : static_cast<int>(e.block);
    cell.shade = halo ? 0.45f : 1.f;
    cell.label = std::to_string(element);
    cell.tooltip = say("block {}, thread {}: tile[{}] = {}", e.block, e.thread, slot,
                       outside ? say("{} (past the end of the array)", 0) : say("in[{}]", element));
    if (halo)
      cell.tooltip = say("{} — a halo slot: the neighbouring block copies this input into its own tile too", cell.tooltip);
    tiles.cells.push_back(std::move(cell));
  }
  for (int b = 0; b < blocks_pictured; ++b)
    tiles.frames.push_back({0, band_of(b), tiles.cols, rows_per_tile,
                            say("block {}: in[{}..{}]", b, b * threads - radius, b * threads - radius + tile_size - 1),
                            b});

  const double global_ms = run.results.value("global_ms", 0.0), shared_ms = run.results.value("shared_ms", 0.0);
  ChartView chart;
  chart.title = gpu ? "Time per blur (ms)" : "Time per blur (ms) — CPU emulator, not a GPU time";
  chart.kind = ChartView::Kind::bar;
  chart.y_label = "ms";
  chart.categories = {"blur_from_global", "blur_through_shared"};
  chart.series.push_back({"median", {0, 1}, {global_ms, shared_ms}});

  const double global_reads = run.results.value("global_reads", 0.0);
  const double shared_reads = run.results.value("shared_global_reads", 0.0);
  FactsView facts;
  facts.title = "What the run measured";
  facts.facts = {
      {"each input is read by", say("{} threads (2 × radius + 1)", 2 * radius + 1)},
      {"global memory reads, blur_from_global", say("{:.0f}", global_reads)},
      {"global memory reads, blur_through_shared",
       say("{:.0f} ({:.1f}× fewer); the other reads hit the tile", shared_reads,
           shared_reads > 0 ? global_reads / shared_reads : 0.0)},
      {"shared memory per block", say("{} floats = {}", tile_size, bytes_in_words(tile_size * 4.0))},
      {"blur_from_global", milliseconds_in_words(global_ms)},
      {"blur_through_shared", milliseconds_in_words(shared_ms)},
      {"speedup from shared memory", say("{:.2f}×", run.results.value("speedup", 0.0))},
      {"both agree with the CPU", say("largest difference {:.2g}", std::max(run.results.value("global_largest_error", 0.0),
                                                                           run.results.value("shared_largest_error", 0.0)))},
  };
  if (!run.timings.empty())
    facts.facts.push_back({"timed with", say("{}, median of {}", timing_label(run.timings[0].source), run.timings[0].repeats)});
  if (!gpu)
    facts.facts.push_back({"on the emulator", "shared and global memory are both host RAM, and each __syncthreads() "
                                              "switches between the block's threads: these times are the CPU's, "
                                              "not a GPU's"});
  if (run.trace_overflow) facts.facts.push_back({"records lost", std::to_string(run.trace_overflow)});
  return views_of(std::move(tiles), std::move(chart), std::move(facts));
}

}  // namespace cudalab::lessons::memory
