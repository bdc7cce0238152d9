// Chapter 7, step 1: warps and divergence (the tutorial's rule 6). branch_on_lane splits each
// block by threadIdx.x % k, branch_on_warp by the warp number. One traced block of 256 threads
// records __activemask() in each branch (the lane maps); then both kernels are timed over k
// (GPU time means something there; the emulator runs lanes one at a time and cannot show it)
// and every output is checked against the CPU.
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "common/hardware_counts.h"
#include "common/measuring.h"
#include "cudalab/buffer.h"
#include "kernels.h"
#include "text/say.h"
#include "warps_steps.h"

namespace cudalab::lessons::warps {
namespace {

constexpr unsigned kThreads = 256;
constexpr unsigned kWarps = kThreads / 32;
const int kSweep[] = {1, 2, 4, 8, 16, 32, 64};

// One block of kThreads, traced: per warp, the lanes each branch's __activemask() named (their
// union) and whether every lane of a branch saw the same mask with itself in it.
Status trace_lane_maps(Device& device, bool by_warp, int k, nlohmann::json* map) {
  const std::vector<float> x = random_inputs(kThreads, 7);
  Buffer<float> x_on_device, y_on_device;
  CUDALAB_RETURN_IF_ERROR(Buffer<float>::from_host(device, x, &x_on_device));
  CUDALAB_RETURN_IF_ERROR(Buffer<float>::create(device, x.size(), &y_on_device));
  TraceBuffer trace;
  CUDALAB_RETURN_IF_ERROR(TraceBuffer::create(device, kThreads, &trace));
  const LaunchConfig one_block{Dim3(1), Dim3(kThreads)};
  if (by_warp)
    CUDALAB_RETURN_IF_ERROR(launch(device, branch_on_warp, one_block, int(kThreads), x_on_device.data(), y_on_device.data(), 1, trace.handle()));
  else
    CUDALAB_RETURN_IF_ERROR(launch(device, branch_on_lane, one_block, int(kThreads), k, x_on_device.data(), y_on_device.data(), 1, trace.handle()));
  std::vector<TraceEvent> events;
  CUDALAB_RETURN_IF_ERROR(read_all_events(device, trace, &events));
  std::vector<unsigned> mask_a(kWarps, 0), mask_b(kWarps, 0), seen_a(kWarps, 0), seen_b(kWarps, 0);
  std::vector<int> first_a(kWarps, -1), first_b(kWarps, -1);
  bool consistent = events.size() == kThreads;
  for (const TraceEvent& e : events) {
    const unsigned warp = e.thread / 32, lane = e.thread % 32, mask = unsigned(e.payload[0]);
    if (warp >= kWarps) continue;
    const bool a = e.kind == kTookBranchA;
    (a ? mask_a : mask_b)[warp] |= mask;
    (a ? seen_a : seen_b)[warp] |= 1u << lane;
    int& first = (a ? first_a : first_b)[warp];
    if (first == -1) first = int(mask);
    consistent = consistent && ((mask >> lane) & 1u) && first == int(mask);
  }
  int both = 0;
  nlohmann::json warps = nlohmann::json::array();
  for (unsigned w = 0; w < kWarps; ++w) {
    // A branch's lanes are those that took it (the trace's own record), which a correct mask equals.
    consistent = consistent && mask_a[w] == seen_a[w] && mask_b[w] == seen_b[w];
    both += (seen_a[w] != 0 && seen_b[w] != 0);
    warps.push_back({{"a", mask_a[w]}, {"b", mask_b[w]}});
  }
  *map = {{"kernel", by_warp ? "branch_on_warp" : "branch_on_lane"}, {"k", k}, {"warps", warps},
          {"warps_with_both", both}, {"masks_match_branches", consistent}};
  return Status::success();
}

}  // namespace

Step divergence_step() {
  Param elements{"elements", "Elements", Param::Kind::integer, 1024, 1 << 24, 1 << 18};
  elements.log_scale = true;
  elements.emulator_default = 1 << 16;
  elements.help = "The timed kernels run one thread per element, 256 threads per block.";
  Param rounds{"rounds", "Rounds of work per branch", Param::Kind::integer, 1, 4096, 256};
  rounds.log_scale = true;
  Param k{"k", "k in threadIdx.x % k (lane map)", Param::Kind::integer, 1, 64, 4};
  k.log_scale = true;
  k.help = "The lane map shows one block of branch_on_lane with this k; the timing sweeps k = 1, 2, 4, ..., 64.";
  Step step{"Warps and divergence", {elements, rounds, k}};
  step.kernels = {"branch_on_lane", "branch_on_warp"};
  step.prediction = Prediction{.question = "k = {k}: how many of the 8 warps of a 256-thread block run both branches?",
                               .unit = "warps",
                               .answer_key = "warps_with_both"};
  return step;
}

void run_divergence(const ParamValues& values, Device& device, RunControl& control, Run* run) {
  const int n = int(values.at("elements")), rounds = int(values.at("rounds")), k = int(values.at("k"));
  run->status = [&]() -> Status {
    nlohmann::json lane_map, warp_map;
    CUDALAB_RETURN_IF_ERROR(trace_lane_maps(device, false, k, &lane_map));
    CUDALAB_RETURN_IF_ERROR(trace_lane_maps(device, true, k, &warp_map));
    run->results["lane_map"] = lane_map;
    run->results["warp_map"] = warp_map;
    run->results["warps_with_both"] = lane_map["warps_with_both"];
    // The same two one-block launches under the GPU's counters: a warp whose lanes split at the
    // branch is one divergent branch target, so the counts should equal the lane maps'.
    {
      const std::vector<float> x = random_inputs(kThreads, 7);
      Buffer<float> x_on_device, y_on_device;
      CUDALAB_RETURN_IF_ERROR(Buffer<float>::from_host(device, x, &x_on_device));
      CUDALAB_RETURN_IF_ERROR(Buffer<float>::create(device, x.size(), &y_on_device));
      const LaunchConfig one_block{Dim3(1), Dim3(kThreads)};
      nlohmann::json counts;
      CUDALAB_RETURN_IF_ERROR(read_hardware_counts(device, {kDivergentBranchTargets, kBranchTargets}, [&]() -> Status {
        CUDALAB_RETURN_IF_ERROR(launch(device, branch_on_lane, one_block, int(kThreads), k, x_on_device.data(), y_on_device.data(), 1, Trace{}));
        return launch(device, branch_on_warp, one_block, int(kThreads), x_on_device.data(), y_on_device.data(), 1, Trace{});
      }, &counts));
      run->results["hardware"] = counts;
    }
    run->results["elements"] = n;
    run->results["rounds"] = rounds;
    control.progress = 0.05f;

    CUDALAB_RETURN_IF_ERROR(check_host_room(device, 5 * std::size_t(n) * sizeof(float), 2 * std::size_t(n) * sizeof(float)));
    const std::vector<float> x = random_inputs(std::size_t(n), 71);
    std::vector<float> want_a(x.size()), want_b(x.size()), got(x.size());
    for (std::size_t i = 0; i < x.size(); ++i) {
      want_a[i] = work_a_reference(x[i], rounds);
      want_b[i] = work_b_reference(x[i], rounds);
    }
    // Which branch element i took: thread i % 256 of its block.
    auto check = [&](auto took_a) {
      for (std::size_t i = 0; i < x.size(); ++i) {
        const float want = took_a(unsigned(i) % kThreads) ? want_a[i] : want_b[i];
        if (!(std::abs(got[i] - want) <= 1e-3f * std::max(1.0f, std::abs(want)))) return false;
      }
      return true;
    };
    Buffer<float> x_on_device, y_on_device;
    CUDALAB_RETURN_IF_ERROR(Buffer<float>::from_host(device, x, &x_on_device));
    CUDALAB_RETURN_IF_ERROR(Buffer<float>::create(device, x.size(), &y_on_device));
    const LaunchConfig config{Dim3((unsigned(n) + kThreads - 1) / kThreads), Dim3(kThreads)};
    const RepeatPolicy policy = repeat_policy(device);
    bool all_match = true;
    run->results["sweep"] = nlohmann::json::array();
    const float share = 0.9f / float(std::size(kSweep) + 1);
    for (int each_k : kSweep) {
      Timing timing;
      timing.label = say("branch_on_lane, k = {}", each_k);
      CUDALAB_RETURN_IF_ERROR(time_on_device(
          device, [&] { return launch(device, branch_on_lane, config, n, each_k, x_on_device.data(), y_on_device.data(), rounds, Trace{}); },
          policy, control, &timing));
      CUDALAB_RETURN_IF_ERROR(y_on_device.download(got));
      const bool matches = check([&](unsigned thread) { return thread % unsigned(each_k) == 0; });
      all_match = all_match && matches;
      run->results["sweep"].push_back({{"k", each_k}, {"ms", timing.ms}, {"matches", matches}});
      run->timings.push_back(timing);
      control.progress = control.progress + share;
      control.publish(*run);
    }
    Timing by_warp;
    by_warp.label = "branch_on_warp";
    CUDALAB_RETURN_IF_ERROR(time_on_device(
        device, [&] { return launch(device, branch_on_warp, config, n, x_on_device.data(), y_on_device.data(), rounds, Trace{}); },
        policy, control, &by_warp));
    CUDALAB_RETURN_IF_ERROR(y_on_device.download(got));
    const bool warp_matches = check([](unsigned thread) { return (thread / 32) % 2 == 0; });
    all_match = all_match && warp_matches;
    run->results["by_warp"] = {{"ms", by_warp.ms}, {"matches", warp_matches}};
    run->timings.push_back(by_warp);
    run->results["timing_source"] = to_string(by_warp.source);
    run->results["timing_label"] = timing_label(by_warp.source);
    run->results["matches"] = all_match;
    if (!all_match)
      return Status::error(StatusCode::internal, "a kernel's output differs from the CPU reference (see the sweep's rows)");
    return Status::success();
  }();
}

std::vector<View> divergence_views(const Run& run) {
  std::vector<View> views;
  for (const char* key : {"lane_map", "warp_map"}) {
    if (!run.results.contains(key)) continue;
    const auto& map = run.results[key];
    const bool by_warp = map.value("kernel", "") == "branch_on_warp";
    CellGridView grid;
    grid.title = by_warp ? say("branch_on_warp: who ran each branch (one block of {} threads; __activemask() in each "
                               "branch)",
                               256)
                         : say("branch_on_lane, k = {}: who ran each branch (one block of {} threads; "
                               "__activemask() in each branch)",
                               map.value("k", 0), 256);
    grid.cols = 32;
    grid.rows = int(2 * map["warps"].size());
    grid.legend = {"branch A", "branch B"};
    for (std::size_t w = 0; w < map["warps"].size(); ++w) {
      const unsigned masks[2] = {map["warps"][w].value("a", 0u), map["warps"][w].value("b", 0u)};
      for (int branch = 0; branch < 2; ++branch)
        for (int lane = 0; lane < 32; ++lane) {
          CellGridView::Cell cell;
          cell.col = lane;
          cell.row = int(2 * w) + branch;
          const bool active = (masks[branch] >> lane) & 1u;
          cell.group = active ? branch : -1;
          cell.label = std::to_string(lane);
          const unsigned thread = 32 * unsigned(w) + unsigned(lane);
          cell.tooltip = active ? say("warp {}, lane {} (thread {}): ran branch {} (its __activemask() = 0x{:08x})", w, lane,
                                      thread, as_is(branch ? "B" : "A"), masks[branch])
                                : say("warp {}, lane {} (thread {}): sat out branch {} (its __activemask() = 0x{:08x})", w,
                                      lane, thread, as_is(branch ? "B" : "A"), masks[branch]);
          grid.cells.push_back(std::move(cell));
        }
      const bool both = masks[0] && masks[1];
      grid.frames.push_back({0, int(2 * w), 32, 2, both ? say("warp {}: both branches", w) : say("warp {}", w), both ? 1 : 0});
    }
    views.emplace_back(std::move(grid));
  }
  if (!run.results.contains("sweep") || run.results["sweep"].empty()) return views;
  const std::string clock = run.results.value("timing_label", "");
  ChartView chart;
  chart.title = say("Kernel time against k ({})", clock);
  chart.x_label = "k in threadIdx.x % k";
  chart.y_label = "ms";
  chart.log_x = true;
  ChartView::Series lane{"branch_on_lane", {}, {}}, warp{"branch_on_warp (no divergence)", {}, {}};
  for (const auto& point : run.results["sweep"]) {
    lane.x.push_back(point.value("k", 0));
    lane.y.push_back(point.value("ms", 0.0));
  }
  if (run.results.contains("by_warp"))
    for (double x : lane.x) warp.x.push_back(x), warp.y.push_back(run.results["by_warp"].value("ms", 0.0));
  chart.series = {lane, warp};

  TableView table;
  table.title = say("{} elements, {} rounds per branch ({})", run.results.value("elements", 0), run.results.value("rounds", 0), clock);
  table.columns = {"kernel", "warps of a block with both branches", "kernel time", "checked against the CPU"};
  for (const auto& point : run.results["sweep"]) {
    const int k = point.value("k", 0);
    // For k <= 32 every warp holds a lane with threadIdx.x % k == 0 and (k > 1) lanes without;
    // for k = 64 only the even warps do.
    const std::string both = say("{} of {}", k == 1 ? 0 : k <= 32 ? 8 : 4, 8);
    table.rows.push_back({say("branch_on_lane, k = {}", k), both, milliseconds_in_words(point.value("ms", 0.0)),
                          point.value("matches", false) ? "matches" : "DIFFERS"});
  }
  if (run.results.contains("by_warp"))
    table.rows.push_back({"branch_on_warp", say("{} of {}", 0, 8), milliseconds_in_words(run.results["by_warp"].value("ms", 0.0)),
                          run.results["by_warp"].value("matches", false) ? "matches" : "DIFFERS"});

  FactsView facts;
  facts.title = "Divergence";
  const auto& sweep = run.results["sweep"];
  const nlohmann::json lane_map = run.results.value("lane_map", nlohmann::json::object());
  facts.facts.push_back({say("warps with both branches (k = {})", lane_map.value("k", 0)),
                         say("{} of 8, from the lane map", run.results.value("warps_with_both", 0))});
  if (sweep.size() >= 2 && sweep[0].value("ms", 0.0) > 0)
    facts.facts.push_back({say("k = {} against k = {}", 2, 1), say("{:.2f}× the time", sweep[1].value("ms", 0.0) / sweep[0].value("ms", 0.0))});
  if (run.device.is_gpu())
    facts.facts.push_back({"why", "a warp whose lanes disagree runs both branches, one after the other, with the other "
                                  "branch's lanes switched off: from k = 2 to 32 every warp pays for both"});
  else
    facts.facts.push_back({"on the emulator", "the times say nothing about divergence: the emulator runs a warp's lanes "
                                              "one after another anyway, so a lane that sits out a branch costs nothing. "
                                              "The lane maps are real: each comes from __activemask() in the kernel"});
  if (run.results.contains("hardware")) {
    const nlohmann::json& counts = run.results["hardware"];
    const int warp_both = run.results.value("warp_map", nlohmann::json::object()).value("warps_with_both", 0);
    if (counts.value("read", false)) {
      const double lane = counted(counts, "branch_on_lane", kDivergentBranchTargets),
                   warp = counted(counts, "branch_on_warp", kDivergentBranchTargets);
      facts.facts.push_back({"divergent branches, the GPU's own count",
                             say("{:.0f} in branch_on_lane (k = {}), {:.0f} in branch_on_warp — the lane maps say {} "
                                 "and {} ({}: {})",
                                 lane, lane_map.value("k", 0), warp, run.results.value("warps_with_both", 0), warp_both,
                                 counts.value("source", ""), kDivergentBranchTargets)});
      const double lane_targets = counted(counts, "branch_on_lane", kBranchTargets),
                   warp_targets = counted(counts, "branch_on_warp", kBranchTargets);
      if (lane_targets > 0 && warp_targets > 0)
        facts.facts.push_back({"branch efficiency, the GPU's own count",
                               say("{:.1f} % in branch_on_lane, {:.1f} % in branch_on_warp: the share of branch "
                                   "targets where a warp's lanes agreed",
                                   100 * (lane_targets - lane) / lane_targets, 100 * (warp_targets - warp) / warp_targets)});
    } else {
      facts.facts.push_back({"the GPU's own count", counts.value("why", "")});
    }
  }
  facts.facts.push_back({"masks recorded", lane_map.value("masks_match_branches", false)
                                               ? "every lane's __activemask() named exactly the lanes of its branch"
                                               : "some lanes' __activemask() named other lanes than those of their branch"});
  views.emplace_back(std::move(chart));
  views.emplace_back(std::move(table));
  views.emplace_back(std::move(facts));
  return views;
}

}  // namespace cudalab::lessons::warps
