// Chapter 2, step 4: blocks meet the hardware. Every block works for a chosen time and records the
// SM it ran on (%smid) and when it started and ended (%globaltimer); on the emulator, the worker
// thread and a steady clock. One timeline row per SM that ran blocks shows them arriving in waves
// once there are more blocks than the SMs hold at once.
#include <algorithm>
#include <cmath>
#include <map>
#include <vector>

#include <fmt/format.h>

#include "cudalab/trace.h"
#include "common/in_words.h"
#include "kernels.h"
#include "text/say.h"
#include "threads_steps.h"

namespace cudalab::lessons::threads {
namespace {

// A run that would keep the device busy longer than this is refused in words: a slider must never
// freeze the classroom.
constexpr double kLongestRunUs = 5e6;
constexpr int kMostWaveMarkers = 12;

struct BlockRecord {
  std::uint32_t block = 0, unit = 0;
  std::uint64_t started_ns = 0, ended_ns = 0;
  bool has_start = false, has_end = false;
  int wave = 0;
};

// Blocks as recorded, with the wave each one ran in on its unit: a block starting after k blocks of
// its unit had finished, on a unit that held at most c at once, ran in wave ceil(k / c).
struct Schedule {
  std::vector<BlockRecord> blocks;         // those with both records
  std::map<std::uint32_t, int> most_at_once;  // per unit
  int waves = 0;
};

Schedule schedule_of(const Run& run) {
  std::map<std::uint32_t, BlockRecord> by_block;
  for (const TraceEvent& e : run.trace) {
    BlockRecord& b = by_block[e.block];
    b.block = e.block;
    b.unit = e.sm;
    if (e.kind == kBlockStarted) b.started_ns = e.time_ns, b.has_start = true;
    if (e.kind == kBlockEnded) b.ended_ns = e.time_ns, b.has_end = true;
  }
  Schedule schedule;
  std::map<std::uint32_t, std::vector<BlockRecord*>> on_unit;
  for (auto& [id, b] : by_block)
    if (b.has_start && b.has_end) schedule.blocks.push_back(b);
  for (BlockRecord& b : schedule.blocks) on_unit[b.unit].push_back(&b);
  for (auto& [unit, blocks] : on_unit) {
    // Most blocks at once: sweep starts and ends in time order (an end at the same tick first).
    std::vector<std::pair<std::uint64_t, int>> edges;
    for (const BlockRecord* b : blocks) edges.push_back({b->started_ns, +1}), edges.push_back({b->ended_ns, -1});
    std::sort(edges.begin(), edges.end());
    int running = 0, most = 1;
    for (const auto& [time, change] : edges) most = std::max(most, running += change);
    schedule.most_at_once[unit] = most;
    for (BlockRecord* b : blocks) {
      const auto finished_before = std::count_if(blocks.begin(), blocks.end(), [b](const BlockRecord* other) {
        return other != b && other->ended_ns <= b->started_ns;
      });
      b->wave = static_cast<int>((finished_before + most - 1) / most);
      schedule.waves = std::max(schedule.waves, b->wave + 1);
    }
  }
  return schedule;
}

}  // namespace

Step blocks_on_sms_step() {
  Param blocks{"blocks_per_grid", "Blocks per grid", Param::Kind::integer, 0, 4096, 512};
  blocks.log_scale = true;
  blocks.help = "More blocks than the SMs hold at once must wait for a free place: waves.";
  Param threads{"threads_per_block", "Threads per block", Param::Kind::integer, 0, 2048, 1024};
  threads.log_scale = true;
  threads.help = "Bigger blocks: fewer fit on one SM at once. Smaller ones: more, up to the SM's limits (sm_75: 16 "
                 "blocks, 1024 threads; sm_90: 32 blocks, 2048 threads).";
  Param work{"work_us", "Work per block (µs)", Param::Kind::integer, 10, 10000, 100};
  work.log_scale = true;
  work.help = "How long each block keeps its SM busy. The device clock ticks coarsely: keep it long enough to see.";
  Step step{"Blocks meet the hardware", {blocks, threads, work}};
  step.kernels = {"busy_blocks"};
  step.prediction = Prediction{
      .question = "{blocks_per_grid} blocks of {threads_per_block} threads: in how many waves do they run?",
      .unit = "waves",
      .answer_key = "waves"};
  return step;
}

void run_blocks_on_sms(const ParamValues& values, Device& device, RunControl&, Run* run) {
  const auto blocks_per_grid = static_cast<unsigned>(values.at("blocks_per_grid"));
  const auto threads_per_block = static_cast<unsigned>(values.at("threads_per_block"));
  const auto work_us = static_cast<unsigned>(values.at("work_us"));
  const LaunchConfig config{Dim3(blocks_per_grid), Dim3(threads_per_block)};
  run->results["blocks_per_grid"] = blocks_per_grid;
  run->results["threads_per_block"] = threads_per_block;
  run->results["work_us"] = work_us;
  run->results["launch"] = config.str();
  run->results["units"] = device.facts().sm_count;

  run->status = [&]() -> Status {
    CUDALAB_RETURN_IF_ERROR(validate_launch(config, device.facts()));
    // Refuse only what would take very long even if every unit were as full as it can be.
    const DeviceFacts& facts = device.facts();
    const unsigned per_unit =
        facts.is_gpu()
            // The device's own resident-block limit (16 on sm_75, 32 on sm_90); 32 if a saved run lacks it.
            ? std::clamp(facts.max_threads_per_sm / std::max<int>(threads_per_block, 1), 1,
                         facts.max_blocks_per_sm > 0 ? facts.max_blocks_per_sm : 32)
            : 1;  // an emulator worker runs one block at a time
    const double fewest_waves =
        std::ceil(double(blocks_per_grid) / (double(std::max(facts.sm_count, 1)) * per_unit));
    if (fewest_waves * work_us > kLongestRunUs)
      return Status::error(StatusCode::invalid_argument,
                           say("this would keep the {} busy for at least {:.1f} s ({} waves of {} µs); choose "
                               "fewer blocks or less work per block",
                               facts.is_gpu() ? "GPU" : "emulator", fewest_waves * work_us / 1e6, fewest_waves,
                               work_us));
    TraceBuffer trace;
    CUDALAB_RETURN_IF_ERROR(TraceBuffer::create(device, 2 * blocks_per_grid, &trace));
    auto start = device.record_event();
    CUDALAB_RETURN_IF_ERROR(launch(device, busy_blocks, config, work_us, trace.handle()));
    auto end = device.record_event();
    CUDALAB_RETURN_IF_ERROR(device.synchronize());
    run->timings.push_back({"kernel", device.elapsed_ms(*start, *end), device.timing_source()});
    return trace.read(&run->trace, &run->trace_overflow);
  }();
  // The waves the blocks' own start and end times show (the busiest unit's count).
  if (run->status.ok()) run->results["waves"] = schedule_of(*run).waves;
}

std::vector<View> blocks_on_sms_views(const Run& run) {
  const bool gpu = run.device.is_gpu();
  const Schedule schedule = schedule_of(run);
  std::uint64_t first_start = UINT64_MAX, last_end = 0;
  for (const BlockRecord& b : schedule.blocks) {
    first_start = std::min(first_start, b.started_ns);
    last_end = std::max(last_end, b.ended_ns);
  }
  // A GPU's rows are the SMs that ran blocks (an H200 has 132). The emulator's few workers all get a
  // row: a worker the operating system gave no time to is worth seeing, and the picture then does not
  // depend on how the threads happened to be scheduled.
  std::map<std::uint32_t, int> row_of_unit;
  for (const auto& [unit, most] : schedule.most_at_once) row_of_unit[unit] = 0;
  if (!gpu)
    for (std::uint32_t unit = 0; unit < run.results.value("units", 0u); ++unit) row_of_unit[unit] = 0;

  TimelineView timeline;
  timeline.title = gpu ? "Blocks on SMs (each block recorded %smid and %globaltimer)"
                       : "Blocks on emulator workers (a worker stands in for an SM; steady clock, not a GPU time)";
  timeline.unit = "µs";
  for (auto& [unit, row] : row_of_unit) {
    row = static_cast<int>(timeline.rows.size());
    timeline.rows.push_back(gpu ? say("SM {}", unit) : say("worker {} (emulator)", unit));
  }
  timeline.bars.reserve(schedule.blocks.size());
  for (const BlockRecord& b : schedule.blocks) {
    const double start_us = double(b.started_ns - first_start) / 1000.0, end_us = double(b.ended_ns - first_start) / 1000.0;
    timeline.bars.push_back({row_of_unit[b.unit], start_us, end_us, b.wave, say("block {}", b.block),
                             say("block {} on {} {}: {:.1f} → {:.1f} µs, wave {}", b.block, gpu ? "SM" : "worker",
                                 b.unit, start_us, end_us, b.wave + 1)});
  }
  // A line where each later wave began (its earliest block start); past a dozen, colour says it.
  for (int wave = 1; wave < schedule.waves && schedule.waves <= kMostWaveMarkers; ++wave) {
    std::uint64_t wave_start = UINT64_MAX;
    for (const BlockRecord& b : schedule.blocks)
      if (b.wave == wave) wave_start = std::min(wave_start, b.started_ns);
    if (wave_start != UINT64_MAX) timeline.markers.push_back({double(wave_start - first_start) / 1000.0, say("wave {}", wave + 1)});
  }

  int most_at_once = 0;
  for (const auto& [unit, most] : schedule.most_at_once) most_at_once = std::max(most_at_once, most);
  const unsigned blocks_per_grid = run.results.value("blocks_per_grid", 0u);
  FactsView facts;
  facts.title = "What the blocks recorded";
  facts.facts = {
      {"launch", "busy_blocks" + run.results.value("launch", "")},
      {"blocks that recorded start and end", say("{} of {}", schedule.blocks.size(), blocks_per_grid)},
      {gpu ? "SMs that ran blocks" : "workers that ran blocks",
       say("{} of {}", schedule.most_at_once.size(), run.results.value("units", 0))},
      {gpu ? "most blocks at once on one SM" : "most blocks at once on one worker", std::to_string(most_at_once)},
      {"waves", std::to_string(schedule.waves)},
      {"first start to last end", schedule.blocks.empty()
                                      ? "—"
                                      : say("{} ({})", microseconds_in_words(double(last_end - first_start) / 1000.0, 2),
                                            gpu ? "%globaltimer" : "emulator steady clock")},
  };
  return views_of(std::move(timeline), std::move(facts));
}

}  // namespace cudalab::lessons::threads
