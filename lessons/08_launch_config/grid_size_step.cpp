// Chapter 8, step 3: the grid size. The grid-stride kernel covers the same n elements with 1, 2,
// 4, … blocks: with fewer blocks than the device holds at once, SMs sit idle and the time falls as
// blocks are added; once every SM is full, more blocks only queue.
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "common/measuring.h"
#include "cudalab/buffer.h"
#include "kernels.h"
#include "launch_config_steps.h"
#include "text/say.h"

namespace cudalab::lessons::launch_config {

Step grid_size_step() {
  Param elements{"elements", "Elements", Param::Kind::integer, 1024, 1 << 26, 1 << 20};
  elements.log_scale = true;
  elements.help = "The grid-stride loop covers them with any number of blocks.";
  Param rounds{"rounds", "Rounds of arithmetic per element", Param::Kind::integer, 1, 4096, 16};
  rounds.log_scale = true;
  Param threads{"threads_per_block", "Threads per block", Param::Kind::integer, 32, 1024, 256};
  threads.log_scale = true;
  Step step{"Enough blocks to fill the GPU", {elements, rounds, threads}};
  step.time_limit_seconds = 120;
  step.kernels = {"scale_repeatedly_grid_stride"};
  step.prediction = Prediction{
      .question = "How many blocks of {threads_per_block} threads does this whole device hold at once (every SM full)?",
      .unit = "blocks",
      .answer_key = "blocks_to_fill"};
  return step;
}

void run_grid_size(const ParamValues& values, Device& device, RunControl& control, Run* run) {
  const int n = static_cast<int>(values.at("elements"));
  const int rounds = static_cast<int>(values.at("rounds"));
  const auto threads = static_cast<unsigned>(values.at("threads_per_block"));
  const DeviceFacts& facts = device.facts();
  run->results["elements"] = n;
  run->results["threads_per_block"] = threads;
  run->results["sm_count"] = facts.sm_count;
  if (run->status = check_host_room(device, 3 * std::size_t(n) * sizeof(float), 2 * std::size_t(n) * sizeof(float));
      !run->status.ok())
    return;
  const std::vector<float> input = random_inputs(static_cast<std::size_t>(n), 9);
  const RepeatPolicy policy = repeat_policy(device);
  run->results["rows"] = nlohmann::json::array();
  run->status = [&]() -> Status {
    CUDALAB_RETURN_IF_ERROR(validate_launch({Dim3(1), Dim3(threads)}, facts));
    int per_sm = 0;
    std::string source;
    CUDALAB_RETURN_IF_ERROR(
        resident_blocks_per_sm(device, scale_repeatedly_grid_stride.entry, int(threads), 0, &per_sm, &source));
    const long long fill = static_cast<long long>(per_sm) * facts.sm_count;
    run->results["blocks_per_sm"] = per_sm;
    run->results["blocks_per_sm_source"] = source;
    run->results["blocks_to_fill"] = fill;
    // 1, 2, 4, … up to 4 × what fills the device (no more than one block per `threads` elements),
    // with the SM count and the filling count themselves.
    const long long most = std::max(1ll, std::min<long long>(4 * fill, (n + threads - 1) / threads));
    std::vector<long long> grids;
    for (long long blocks = 1; blocks <= most; blocks *= 2) grids.push_back(blocks);
    for (long long extra : {static_cast<long long>(facts.sm_count), fill})
      if (extra <= most) grids.push_back(extra);
    std::sort(grids.begin(), grids.end());
    grids.erase(std::unique(grids.begin(), grids.end()), grids.end());

    Buffer<float> x, y;
    CUDALAB_RETURN_IF_ERROR(Buffer<float>::from_host(device, input, &x));
    CUDALAB_RETURN_IF_ERROR(Buffer<float>::create(device, input.size(), &y));
    double slowest = 0, at_fill = 0;
    for (std::size_t index = 0; index < grids.size(); ++index) {
      const LaunchConfig config{Dim3(static_cast<unsigned>(grids[index])), Dim3(threads)};
      Timing timing{"scale_repeatedly_grid_stride"};
      CUDALAB_RETURN_IF_ERROR(time_on_device(
          device, [&] { return launch(device, scale_repeatedly_grid_stride, config, n, x.data(), y.data(), rounds); },
          policy, control, &timing));
      if (index == 0) {
        // Every grid computes the same numbers: check the first against the CPU.
        std::vector<float> out(input.size());
        CUDALAB_RETURN_IF_ERROR(y.download(out));
        for (int i = 0; i < n; ++i) {
          float value = input[std::size_t(i)];
          for (int r = 0; r < rounds; ++r) value = value * 0.999f + 0.001f;
          if (std::abs(out[std::size_t(i)] - value) > 1e-4f * std::abs(value))
            return Status::error(StatusCode::internal, say("element {} differs from the CPU", i));
        }
        slowest = timing.ms;
      }
      if (grids[index] == fill) at_fill = timing.ms;
      run->results["rows"].push_back({{"blocks", grids[index]},
                                      {"sms_busy", std::min<long long>(grids[index], facts.sm_count)},
                                      {"ms", timing.ms},
                                      {"timing", timing_label(timing.source)}});
      run->timings.push_back(timing);
      control.progress = float(index + 1) / float(grids.size());
      control.publish(*run);
    }
    if (at_fill > 0) run->results["speedup_one_block_to_fill"] = slowest / at_fill;
    return Status::success();
  }();
}

std::vector<View> grid_size_views(const Run& run) {
  const bool gpu = run.device.is_gpu();
  const std::string unit = gpu ? "SM" : "worker";
  const long long fill = run.results.value("blocks_to_fill", 0ll);
  ChartView chart;
  chart.title = say("scale_repeatedly_grid_stride: time vs blocks per grid ({}); {} blocks fill every {}",
                    gpu ? "GPU, CUDA events, median" : "CPU emulator — not a GPU time", fill, unit);
  chart.x_label = "blocks per grid";
  chart.y_label = "ms";
  chart.log_x = true;
  chart.log_y = true;
  ChartView::Series measured{"time", {}, {}}, full{"every " + unit + " full", {}, {}};
  TableView table;
  table.title = "Blocks per grid";
  table.columns = {"blocks", unit + "s with work", "fills the device?", "time"};
  for (const auto& row : run.results.value("rows", nlohmann::json::array())) {
    const long long blocks = row.value("blocks", 0ll);
    measured.x.push_back(double(blocks));
    measured.y.push_back(row.value("ms", 0.0));
    if (blocks == fill) full.x.push_back(double(blocks)), full.y.push_back(row.value("ms", 0.0));
    table.rows.push_back({std::to_string(blocks), say("{} of {}", row.value("sms_busy", 0ll), run.results.value("sm_count", 0)),
                          blocks < fill ? "no: room left" : (blocks == fill ? "exactly" : "yes: the rest queue"),
                          milliseconds_three_digits(row.value("ms", 0.0))});
  }
  chart.series.push_back(std::move(measured));
  if (!full.x.empty()) chart.series.push_back(std::move(full));
  FactsView facts;
  facts.title = "Filling the device";
  facts.facts = {
      {say("blocks that fill every {}", unit),
       say("{} ({} {}s × {} per {}, {})", fill, run.results.value("sm_count", 0), unit,
           run.results.value("blocks_per_sm", 0), unit, run.results.value("blocks_per_sm_source", ""))},
      {say("{} block → enough blocks", 1),
       run.results.contains("speedup_one_block_to_fill")
           ? say("{:.1f}× faster ({})", run.results.value("speedup_one_block_to_fill", 0.0),
                 gpu ? "GPU time, CUDA events" : "emulator time — a CPU figure, not a GPU time")
           : "—"}};
  return views_of(std::move(chart), std::move(facts), std::move(table));
}

}  // namespace cudalab::lessons::launch_config
