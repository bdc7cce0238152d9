// Chapter 7, step 2: a reduction, rung by rung (after Mark Harris's "Optimizing parallel reduction
// in CUDA"). Five kernels sum the same unsigned ints; each rung is counted from its own trace on a
// few blocks (barriers, shuffles, adds in shared memory, warps that diverged at an add), then timed
// at the chosen size with its sum checked against the CPU's.
#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <numeric>

#include <fmt/format.h>

#include "common/measuring.h"
#include "cudalab/buffer.h"
#include "kernels.h"
#include "text/say.h"
#include "warps_steps.h"

namespace cudalab::lessons::warps {
namespace {

using ReduceKernel = Kernel<void(unsigned int, const unsigned int*, unsigned int*, cudalab::Trace)>;

struct Rung {
  const char* kernel;
  const char* idea;
  const ReduceKernel* handle;
  unsigned elements_per_block;  // 256 or 512 (the first add during load)
  bool atomic_total;            // rung 5 adds into one total itself
};
const std::array<Rung, 5>& rungs() {
  static const std::array<Rung, 5> all{{
      {"reduce_interleaved", "interleaved addressing (tid % (2s))", &reduce_interleaved, kReduceBlock, false},
      {"reduce_sequential", "sequential addressing (tid < s)", &reduce_sequential, kReduceBlock, false},
      {"reduce_first_add", "first add during load", &reduce_first_add, 2 * kReduceBlock, false},
      {"reduce_warp_shuffle", "warp shuffles for the last 32", &reduce_warp_shuffle, 2 * kReduceBlock, false},
      {"reduce_atomic", "one atomicAdd per block", &reduce_atomic, 2 * kReduceBlock, true},
  }};
  return all;
}

// Small inputs (0 to 7): the sum of 2^26 of them fits in 32 bits, so every rung's sum is exact.
std::vector<unsigned> reduction_inputs(std::size_t count) {
  std::vector<unsigned> values(count);
  std::uint32_t state = 12345u;
  for (unsigned& v : values) {
    state = state * 1664525u + 1013904223u;
    v = state >> 29;
  }
  return values;
}

// Launches `rung` over `in` (count elements) and leaves its sum in *sum.
Status launch_rung(Device& device, const Rung& rung, unsigned count, const Buffer<unsigned>& in, Buffer<unsigned>& out,
                   Trace trace) {
  const unsigned blocks = (count + rung.elements_per_block - 1) / rung.elements_per_block;
  return launch(device, *rung.handle, LaunchConfig{Dim3(blocks), Dim3(kReduceBlock)}, count, in.data(), out.data(), trace);
}
Status sum_of(Device& device, const Rung& rung, unsigned count, Buffer<unsigned>& out, std::uint64_t* sum) {
  const unsigned blocks = (count + rung.elements_per_block - 1) / rung.elements_per_block;
  std::vector<unsigned> sums(rung.atomic_total ? 1 : blocks);
  CUDALAB_RETURN_IF_ERROR(out.download(sums));
  *sum = std::accumulate(sums.begin(), sums.end(), std::uint64_t(0));
  return Status::success();
}

// Block 0 of `rung`, counted from its trace over a few blocks' worth of input.
Status count_rung(Device& device, const Rung& rung, nlohmann::json* counts) {
  const unsigned count = 4 * 2 * kReduceBlock;  // 8 blocks of rungs 1-2, 4 of the others
  const std::vector<unsigned> values = reduction_inputs(count);
  Buffer<unsigned> in, out;
  CUDALAB_RETURN_IF_ERROR(Buffer<unsigned>::from_host(device, values, &in));
  CUDALAB_RETURN_IF_ERROR(Buffer<unsigned>::create(device, count, &out));
  CUDALAB_RETURN_IF_ERROR(out.zero());
  TraceBuffer trace;
  CUDALAB_RETURN_IF_ERROR(TraceBuffer::create(device, 8 * (kReduceBlock + 8) + 4 * 5 * 32, &trace));
  CUDALAB_RETURN_IF_ERROR(launch_rung(device, rung, count, in, out, trace.handle()));
  std::vector<TraceEvent> events;
  CUDALAB_RETURN_IF_ERROR(read_all_events(device, trace, &events));
  std::uint64_t sum = 0;
  CUDALAB_RETURN_IF_ERROR(sum_of(device, rung, count, out, &sum));
  int barriers = 0, shuffles = 0, adds = 0;
  std::map<std::pair<int, unsigned>, int> adders;  // (stride, warp) → lanes that added
  std::map<int, std::vector<int>> by_stride, by_offset;  // the threads that added at each stride / shuffle offset
  for (const TraceEvent& e : events) {
    if (e.block != 0) continue;
    if (e.kind == kWarpCounts) barriers = std::max(barriers, e.payload[0]), shuffles += e.payload[1];
    if (e.kind == kSharedAdd) ++adds, ++adders[{e.payload[0], e.thread / 32}], by_stride[e.payload[0]].push_back(int(e.thread));
    if (e.kind == kShuffleAdd) by_offset[e.payload[0]].push_back(int(e.thread));
  }
  int divergent = 0;
  for (const auto& [where, lanes] : adders) divergent += lanes < 32;
  // Block 0's steps in the order the kernel takes them: strides up (interleaved) or down, then the
  // shuffle offsets down.
  nlohmann::json steps = nlohmann::json::array();
  auto add_step = [&](const char* kind, int step, std::vector<int> threads) {
    std::sort(threads.begin(), threads.end());
    steps.push_back({{"kind", kind}, {"step", step}, {"threads", threads}});
  };
  if (&rung == &rungs()[0])
    for (const auto& [stride, threads] : by_stride) add_step("s", stride, threads);
  else
    for (auto it = by_stride.rbegin(); it != by_stride.rend(); ++it) add_step("s", it->first, it->second);
  for (auto it = by_offset.rbegin(); it != by_offset.rend(); ++it) add_step("offset", it->first, it->second);
  *counts = {{"barriers", barriers}, {"shuffles", shuffles}, {"shared_adds", adds}, {"divergent_warp_steps", divergent},
             {"block0_steps", steps},
             {"sum_matches", sum == std::accumulate(values.begin(), values.end(), std::uint64_t(0))}};
  return Status::success();
}

}  // namespace

Step reduction_step() {
  Param elements{"elements", "Elements to sum", Param::Kind::integer, 1024, 1 << 26, 1 << 21};
  elements.log_scale = true;
  elements.emulator_default = 1 << 18;
  elements.help = "Unsigned ints from 0 to 7, so every sum is exact. 256 threads per block. On a GPU, raise it to 2^26 "
                  "to see the memory bandwidth; on the emulator, large sizes take a while.";
  Param picture{"picture", "Rung in the picture", Param::Kind::choice, 0, 4, 0};
  picture.choices = {"interleaved", "sequential", "first-add", "shuffle", "atomic"};
  picture.help = "The picture shows which threads of block 0 added at each step of this rung.";
  Step step{"Reduction, rung by rung", {elements, picture}};
  step.kernels = {"reduce_interleaved", "reduce_sequential", "reduce_first_add", "reduce_warp_shuffle", "reduce_atomic"};
  step.prediction = Prediction{.question = "{elements} elements: which rung is fastest on this device?",
                               .kind = Prediction::Kind::choice,
                               .choices = {"1. interleaved", "2. sequential", "3. first add during load",
                                           "4. warp shuffles", "5. one atomic per block"},
                               .answer_key = "fastest_rung"};
  return step;
}

void run_reduction(const ParamValues& values, Device& device, RunControl& control, Run* run) {
  const unsigned n = unsigned(values.at("elements"));
  run->results["elements"] = n;
  run->results["picture_rung"] = int(values.count("picture") ? values.at("picture") : 0);
  run->status = [&]() -> Status {
    CUDALAB_RETURN_IF_ERROR(check_host_room(device, 3 * std::size_t(n) * sizeof(unsigned), 2 * std::size_t(n) * sizeof(unsigned)));
    const std::vector<unsigned> values = reduction_inputs(n);
    const std::uint64_t cpu_sum = std::accumulate(values.begin(), values.end(), std::uint64_t(0));
    run->results["cpu_sum"] = cpu_sum;
    Buffer<unsigned> in, out;
    CUDALAB_RETURN_IF_ERROR(Buffer<unsigned>::from_host(device, values, &in));
    CUDALAB_RETURN_IF_ERROR(Buffer<unsigned>::create(device, (n + kReduceBlock - 1) / kReduceBlock, &out));
    const RepeatPolicy policy = repeat_policy(device);
    run->results["rungs"] = nlohmann::json::array();
    double fastest_ms = 0;
    int fastest = 0;
    bool all_match = true;
    for (std::size_t r = 0; r < rungs().size(); ++r) {
      const Rung& rung = rungs()[r];
      nlohmann::json row;
      CUDALAB_RETURN_IF_ERROR(count_rung(device, rung, &row));
      Timing timing;
      timing.label = rung.kernel;
      // Rung 5 keeps adding into the same total while it is timed; it is zeroed for the checked run.
      CUDALAB_RETURN_IF_ERROR(time_on_device(device, [&] { return launch_rung(device, rung, n, in, out, Trace{}); }, policy,
                                             control, &timing));
      CUDALAB_RETURN_IF_ERROR(out.zero());
      CUDALAB_RETURN_IF_ERROR(launch_rung(device, rung, n, in, out, Trace{}));
      std::uint64_t sum = 0;
      CUDALAB_RETURN_IF_ERROR(sum_of(device, rung, n, out, &sum));
      const bool matches = sum == cpu_sum && row.value("sum_matches", false);
      all_match = all_match && matches;
      row["rung"] = int(r) + 1;
      row["kernel"] = rung.kernel;
      row["idea"] = rung.idea;
      row["blocks"] = (n + rung.elements_per_block - 1) / rung.elements_per_block;
      row["ms"] = timing.ms;
      row["gbs"] = gigabytes_per_second(4.0 * n, timing.ms);
      row["sum"] = sum;
      row["matches"] = matches;
      if (r == 0 || timing.ms < fastest_ms) fastest_ms = timing.ms, fastest = int(r);
      run->results["rungs"].push_back(row);
      run->timings.push_back(timing);
      run->results["timing_label"] = timing_label(timing.source);
      control.progress = float(r + 1) / float(rungs().size() + 1);
      control.publish(*run);
    }
    run->results["fastest_rung"] = fastest;
    run->results["bandwidth_gbs"] = device.facts().theoretical_bandwidth_gbs();
    run->results["matches"] = all_match;
    if (!all_match) return Status::error(StatusCode::internal, "a rung's sum differs from the CPU's (see the table)");
    return Status::success();
  }();
}

std::vector<View> reduction_views(const Run& run) {
  if (!run.results.contains("rungs") || run.results["rungs"].empty()) return {};
  const std::string clock = run.results.value("timing_label", "");
  const double bandwidth = run.results.value("bandwidth_gbs", 0.0);
  const bool gpu = run.device.is_gpu();
  TableView table;
  table.title = say("Summing {} unsigned ints, {} threads per block (counts: block 0, from the trace)",
                    run.results.value("elements", 0u), 256);
  table.columns = {"rung", "blocks", "__syncthreads() per block", "shuffles per block", "adds in shared memory",
                   "warp steps that diverged", "kernel time", "GB/s", "of the memory's peak", "sum"};
  ChartView chart;
  chart.title = say("Kernel time per rung ({})", clock);
  chart.kind = ChartView::Kind::bar;
  chart.x_label = "rung";
  chart.y_label = "ms";
  ChartView::Series times{"kernel time", {}, {}};
  for (const auto& row : run.results["rungs"]) {
    const int r = row.value("rung", 0);
    const double gbs = row.value("gbs", 0.0);
    table.rows.push_back({say("{}. {}", r, row.value("idea", "")), std::to_string(row.value("blocks", 0u)),
                          std::to_string(row.value("barriers", 0)), std::to_string(row.value("shuffles", 0)),
                          std::to_string(row.value("shared_adds", 0)), std::to_string(row.value("divergent_warp_steps", 0)),
                          milliseconds_in_words(row.value("ms", 0.0)), bandwidth_in_words(gbs),
                          gpu && bandwidth > 0 ? say("{:.0f} %", 100 * gbs / bandwidth) : "— (not a GPU)",
                          row.value("matches", false) ? "matches the CPU" : "DIFFERS"});
    chart.categories.push_back(std::to_string(r));
    times.x.push_back(r - 1);
    times.y.push_back(row.value("ms", 0.0));
  }
  chart.series.push_back(times);
  // Who added at each step of the chosen rung, block 0, from its trace: one panel per step, two
  // panels to a row; in a panel, one row per warp and one column per lane. A warp with some lanes
  // lit and some dark diverged at that step (framed).
  std::vector<View> pictures;
  const std::size_t chosen = std::size_t(std::clamp(run.results.value("picture_rung", 0), 0, 4));
  if (chosen < run.results["rungs"].size()) {
    const auto& row = run.results["rungs"][chosen];
    constexpr int kWarpsPerBlock = int(kReduceBlock / 32), kPanelsPerRow = 2;
    CellGridView grid;
    grid.title = say("Rung {} ({}): who added at each step in block 0 (a panel per step: a row per warp, a "
                     "column per lane)",
                     chosen + 1, row.value("idea", ""));
    grid.legend = {"added in shared memory", "added a shuffled value"};
    int panel = 0;
    for (const auto& step : row.value("block0_steps", nlohmann::json::array())) {
      const bool shuffle = step.value("kind", "") == "offset";
      std::vector<bool> added(kReduceBlock, false);
      for (int t : step.value("threads", std::vector<int>{}))
        if (t >= 0 && t < int(kReduceBlock)) added[std::size_t(t)] = true;
      const int left = (panel % kPanelsPerRow) * 33, top = (panel / kPanelsPerRow) * (kWarpsPerBlock + 1);
      int diverged = 0;
      for (int w = 0; w < kWarpsPerBlock; ++w) {
        int lanes = 0;
        for (int l = 0; l < 32; ++l) {
          const unsigned t = unsigned(32 * w + l);
          lanes += added[t];
          CellGridView::Cell cell;
          cell.col = left + l;
          cell.row = top + w;
          cell.group = added[t] ? (shuffle ? 1 : 0) : -1;
          cell.tooltip = say("thread {} (warp {}, lane {}), {} = {}: {}", t, w, l, shuffle ? "shuffle offset" : "stride s",
                             step.value("step", 0), added[t] ? "added" : "idle");
          grid.cells.push_back(std::move(cell));
        }
        if (lanes > 0 && lanes < 32) {
          ++diverged;
          grid.frames.push_back({left, top + w, 32, 1, "", 1});
        }
      }
      grid.frames.push_back({left, top, 32, kWarpsPerBlock,
                             diverged ? say("{} = {}: {} warp{} diverged", as_is(shuffle ? "offset" : "s"),
                                            step.value("step", 0), diverged, diverged > 1 ? "s" : "")
                                      : say("{} = {}", as_is(shuffle ? "offset" : "s"), step.value("step", 0)),
                             0});
      ++panel;
    }
    grid.cols = panel > 1 ? kPanelsPerRow * 33 - 1 : 32;
    grid.rows = ((panel + kPanelsPerRow - 1) / kPanelsPerRow) * (kWarpsPerBlock + 1) - 1;
    pictures.emplace_back(std::move(grid));
  }
  FactsView facts;
  facts.title = "Reduction";
  const auto& rows = run.results["rungs"];
  facts.facts.push_back({"CPU sum", std::to_string(run.results.value("cpu_sum", std::uint64_t(0)))});
  facts.facts.push_back({"fastest rung", std::to_string(run.results.value("fastest_rung", 0) + 1)});
  if (rows.size() == 5 && rows[4].value("ms", 0.0) > 0)
    facts.facts.push_back({say("rung {} ÷ rung {}", 1, 5), say("{:.2f}× ({})", rows[0].value("ms", 0.0) / rows[4].value("ms", 0.0), clock)});
  if (gpu && bandwidth > 0)
    facts.facts.push_back({"memory's peak", say("{} (memory clock × bus width × 2)", bandwidth_in_words(bandwidth))});
  else if (!gpu)
    facts.facts.push_back({"on the emulator", "the counts are the kernels' own and hold on a GPU; the times are CPU times, "
                                              "where a barrier costs a fiber switch per thread and divergence costs nothing"});
  facts.facts.push_back({say("rungs {}", "1-4"), say("leave one sum per block; the host adds those few numbers (not timed). "
                                                     "Rung {} adds them on the device with one atomicAdd per block",
                                                     5)});
  pictures.emplace_back(std::move(table));
  pictures.emplace_back(std::move(chart));
  pictures.emplace_back(std::move(facts));
  return pictures;
}

}  // namespace cudalab::lessons::warps
