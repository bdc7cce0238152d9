// Chapter 8, step 2: the block size swept. scale_repeatedly over the same n elements with 32 to
// 1024 threads per block: the time of each, and the waves its blocks run in — blocks ÷ (resident
// blocks per SM × SMs), rounded up — with the last wave's blocks (the tail) drawn.
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "common/measuring.h"
#include "cudalab/buffer.h"
#include "kernels.h"
#include "launch_config_steps.h"
#include "text/say.h"

namespace cudalab::lessons::launch_config {
namespace {

constexpr unsigned kSweep[] = {32, 64, 128, 256, 512, 1024};
constexpr int kMostWaveRowsDrawn = 16;
constexpr int kMostSlotCellsPerRow = 48;

struct Waves {
  long long blocks = 0, slots = 0, waves = 0, last_wave = 0;
};
Waves waves_of(long long blocks, long long slots) {
  Waves w{blocks, std::max(slots, 1ll)};
  w.waves = (blocks + w.slots - 1) / w.slots;
  w.last_wave = blocks - (w.waves - 1) * w.slots;
  return w;
}

}  // namespace

Step block_size_step() {
  Param elements{"elements", "Elements", Param::Kind::integer, 1024, 1 << 26, 1 << 20};
  elements.log_scale = true;
  elements.help = "One thread per element: blocks = elements ÷ threads per block, rounded up.";
  Param rounds{"rounds", "Rounds of arithmetic per element", Param::Kind::integer, 1, 4096, 16};
  rounds.log_scale = true;
  rounds.help = "More rounds: each block works longer, so each wave takes longer.";
  Param threads{"threads_per_block", "Threads per block (the one drawn)", Param::Kind::integer, 32, 1024, 256};
  threads.log_scale = true;
  threads.help = "The sweep measures 32 to 1024; this one's waves are drawn and asked about.";
  Step step{"Block size and waves", {elements, rounds, threads}};
  step.time_limit_seconds = 120;
  step.kernels = {"scale_repeatedly"};
  step.prediction = Prediction{
      .question = "{elements} elements, {threads_per_block} threads per block, all SMs of this device: how many blocks "
                  "run in the last wave?",
      .unit = "blocks",
      .answer_key = "last_wave_blocks"};
  return step;
}

void run_block_size(const ParamValues& values, Device& device, RunControl& control, Run* run) {
  const int n = static_cast<int>(values.at("elements"));
  const int rounds = static_cast<int>(values.at("rounds"));
  const auto chosen = static_cast<unsigned>(values.at("threads_per_block"));
  const DeviceFacts& facts = device.facts();
  run->results["elements"] = n;
  run->results["rounds"] = rounds;
  run->results["threads_per_block"] = chosen;
  run->results["sm_count"] = facts.sm_count;
  if (run->status = check_host_room(device, 3 * std::size_t(n) * sizeof(float), 2 * std::size_t(n) * sizeof(float));
      !run->status.ok())
    return;
  const std::vector<float> input = random_inputs(static_cast<std::size_t>(n), 8);
  std::vector<unsigned> sizes(std::begin(kSweep), std::end(kSweep));
  if (std::find(sizes.begin(), sizes.end(), chosen) == sizes.end()) sizes.push_back(chosen), std::sort(sizes.begin(), sizes.end());
  const RepeatPolicy policy = repeat_policy(device);
  run->results["rows"] = nlohmann::json::array();

  run->status = [&]() -> Status {
    Buffer<float> x, y;
    CUDALAB_RETURN_IF_ERROR(Buffer<float>::from_host(device, input, &x));
    CUDALAB_RETURN_IF_ERROR(Buffer<float>::create(device, input.size(), &y));
    for (std::size_t index = 0; index < sizes.size(); ++index) {
      const unsigned threads = sizes[index];
      const LaunchConfig config{Dim3((static_cast<unsigned>(n) + threads - 1) / threads), Dim3(threads)};
      CUDALAB_RETURN_IF_ERROR(validate_launch(config, facts));
      int per_sm = 0;
      std::string source;
      CUDALAB_RETURN_IF_ERROR(resident_blocks_per_sm(device, scale_repeatedly.entry, int(threads), 0, &per_sm, &source));
      Timing timing{"scale_repeatedly"};
      CUDALAB_RETURN_IF_ERROR(time_on_device(
          device, [&] { return launch(device, scale_repeatedly, config, n, x.data(), y.data(), rounds); }, policy,
          control, &timing));
      // Every block size computes the same numbers: check the chosen one against the CPU.
      if (threads == chosen) {
        std::vector<float> out(input.size());
        CUDALAB_RETURN_IF_ERROR(y.download(out));
        double worst = 0;
        for (int i = 0; i < n; ++i) {
          float value = input[std::size_t(i)];
          for (int r = 0; r < rounds; ++r) value = value * 0.999f + 0.001f;
          worst = std::max(worst, std::abs(double(out[std::size_t(i)]) - value) / std::abs(double(value)));
        }
        run->results["worst_relative_error"] = worst;
        if (worst > 1e-4)
          return Status::error(StatusCode::internal, say("scale_repeatedly differs from the CPU by {:.2g}", worst));
      }
      const Waves w = waves_of(config.grid.x, static_cast<long long>(per_sm) * facts.sm_count);
      run->results["rows"].push_back({{"threads_per_block", threads},
                                      {"blocks", w.blocks},
                                      {"blocks_per_sm", per_sm},
                                      {"blocks_per_sm_source", source},
                                      {"slots", w.slots},
                                      {"waves", w.waves},
                                      {"last_wave_blocks", w.last_wave},
                                      {"ms", timing.ms},
                                      {"repeats", timing.repeats},
                                      {"timing", timing_label(timing.source)}});
      if (threads == chosen) {
        run->results["last_wave_blocks"] = w.last_wave;
        run->results["waves"] = w.waves;
        run->results["slots"] = w.slots;
        run->results["blocks"] = w.blocks;
        run->results["blocks_per_sm"] = per_sm;
      }
      run->timings.push_back(timing);
      control.progress = float(index + 1) / float(sizes.size());
      control.publish(*run);
    }
    return Status::success();
  }();
}

std::vector<View> block_size_views(const Run& run) {
  const bool gpu = run.device.is_gpu();
  const std::string unit = gpu ? "SM" : "worker";
  ChartView chart;
  chart.title = say("scale_repeatedly: time vs threads per block ({})",
                    gpu ? "GPU, CUDA events, median" : "CPU emulator — not a GPU time");
  chart.x_label = "threads per block";
  chart.y_label = "ms";
  chart.log_x = true;
  ChartView::Series series{"time", {}, {}};
  TableView table;
  table.title = "The sweep";
  table.columns = {"threads per block", "blocks", "blocks per " + unit, "slots (all " + unit + "s)", "waves",
                   "blocks in the last wave", "time"};
  for (const auto& row : run.results.value("rows", nlohmann::json::array())) {
    series.x.push_back(row.value("threads_per_block", 0));
    series.y.push_back(row.value("ms", 0.0));
    const long long slots = row.value("slots", 1ll), last = row.value("last_wave_blocks", 0ll);
    table.rows.push_back({std::to_string(row.value("threads_per_block", 0)), std::to_string(row.value("blocks", 0ll)),
                          std::to_string(row.value("blocks_per_sm", 0)), std::to_string(slots),
                          std::to_string(row.value("waves", 0ll)),
                          say("{} ({:.0f} % full)", last, 100.0 * double(last) / double(std::max(slots, 1ll))),
                          milliseconds_three_digits(row.value("ms", 0.0))});
  }
  chart.series.push_back(std::move(series));

  // The chosen block size's waves: one row per wave, the slots of all SMs across (grouped when
  // there are many); the last row shows how full the tail is.
  const long long slots = std::max(run.results.value("slots", 1ll), 1ll);
  const long long waves = run.results.value("waves", 0ll), last = run.results.value("last_wave_blocks", 0ll);
  const long long per_cell = (slots + kMostSlotCellsPerRow - 1) / kMostSlotCellsPerRow;
  const int cols = static_cast<int>((slots + per_cell - 1) / per_cell);
  CellGridView grid;
  grid.title = say("{} blocks of {} threads on {} slots ({} {}s × {}): {} waves, the last one {} blocks "
                   "({:.0f} % full)",
                   run.results.value("blocks", 0ll), run.results.value("threads_per_block", 0), slots,
                   run.results.value("sm_count", 0), unit, run.results.value("blocks_per_sm", 0), waves, last,
                   100.0 * double(last) / double(slots));
  if (per_cell > 1) grid.title = say("{}; a cell is {} slots", grid.title, per_cell);
  grid.cols = std::max(cols, 1);
  const long long drawn_waves = std::min<long long>(waves, kMostWaveRowsDrawn);
  grid.rows = static_cast<int>(std::max(drawn_waves, 1ll));
  grid.legend = {"a full wave", "the last wave (the tail)"};
  for (long long row = 0; row < drawn_waves; ++row) {
    // Past kMostWaveRowsDrawn the middle waves are left out: the first ones and the last one show.
    const long long wave = row == drawn_waves - 1 ? waves - 1 : row;
    const long long in_wave = wave == waves - 1 ? last : slots;
    for (int col = 0; col < cols; ++col) {
      const long long first = col * per_cell, filled = std::clamp(in_wave - first, 0ll, per_cell);
      const bool tail = wave == waves - 1;
      grid.cells.push_back({col, static_cast<int>(row), filled > 0 ? (tail ? 1 : 0) : -1,
                            float(0.4 + 0.6 * double(filled) / double(per_cell)), "",
                            say("wave {}: slots {}–{}, {} busy", wave + 1, first, first + per_cell - 1, filled)});
    }
  }
  FactsView facts;
  facts.title = "Waves";
  facts.facts = {{"blocks in the last wave", std::to_string(last)},
                 {"waves", std::to_string(waves)},
                 {"resident blocks per " + unit,
                  say("{} ({})", run.results.value("blocks_per_sm", 0),
                      gpu ? "cudaOccupancyMaxActiveBlocksPerMultiprocessor" : "emulator: one block per worker")},
                 {"times", gpu ? "GPU · CUDA events, median" : "CPU emulator — not a GPU time"}};
  return views_of(std::move(grid), std::move(chart), std::move(facts), std::move(table));
}

}  // namespace cudalab::lessons::launch_config
