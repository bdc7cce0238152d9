// Chapter 6, step 2: traffic. Global loads per thread fall from 2n (naive) to 2n / tile (tiles):
// counted from the trace of one block of each kernel, then both kernels timed at n with their
// results checked. The numbers explain why a GPU with large caches speeds up by less than the
// traffic ratio: the naive kernel asks for more bytes per second than the memory could deliver,
// so most of its loads were served by the caches already.
#include <algorithm>
#include <cmath>
#include <map>

#include <fmt/format.h>

#include "common/matmul/contenders.h"
#include "common/matmul/kernels.h"
#include "common/matmul/trace_kinds.h"
#include "cudalab/buffer.h"
#include "cudalab/trace.h"
#include "text/say.h"
#include "tiles_steps.h"

namespace cudalab::lessons::tiles {
namespace {

using namespace matmul;

// Counting traces every load of one block: n is capped so the trace stays within tens of MB.
constexpr int kLargestCountedN = 1024;

// Loads per thread of block (0, 0), counted from its trace: launched alone (a grid of one block).
Status count_loads_of_one_block(Device& device, const Matrix& a, const Matrix& b, int n, int tile, bool shared,
                                std::map<std::uint32_t, int>* loads_per_thread) {
  Buffer<float> device_a, device_b, device_c;
  CUDALAB_RETURN_IF_ERROR(Buffer<float>::from_host(device, a, &device_a));
  CUDALAB_RETURN_IF_ERROR(Buffer<float>::from_host(device, b, &device_b));
  CUDALAB_RETURN_IF_ERROR(Buffer<float>::create(device, a.size(), &device_c));
  const unsigned edge = static_cast<unsigned>(tile);
  const LaunchConfig one_block{Dim3(1, 1), Dim3(edge, edge)};
  const std::uint64_t steps = (std::uint64_t(n) + edge - 1) / edge;
  const std::uint64_t per_thread = shared ? 4 * steps + 1 : 2 * std::uint64_t(n) + 1;
  TraceBuffer trace;
  CUDALAB_RETURN_IF_ERROR(TraceBuffer::create(device, static_cast<std::uint32_t>(one_block.total_threads() * per_thread), &trace));
  const Kernel<TracedMatmul>& kernel = shared ? *shared_tile_kernels(tile)->traced : matmul_coalesced_traced;
  CUDALAB_RETURN_IF_ERROR(launch(device, kernel, one_block, device_a.data(), device_b.data(), device_c.data(), n, trace.handle()));
  CUDALAB_RETURN_IF_ERROR(device.synchronize());
  std::vector<TraceEvent> events;
  std::uint64_t overflow = 0;
  CUDALAB_RETURN_IF_ERROR(trace.read(&events, &overflow));
  if (overflow) return Status::error(StatusCode::internal, "the counting trace overflowed");
  for (const TraceEvent& e : events) {
    const bool load = shared ? (e.kind == kTileLoadA || e.kind == kTileLoadB) && e.payload[3]
                             : e.kind == kReadA || e.kind == kReadB;
    if (load) ++(*loads_per_thread)[e.thread];
  }
  return Status::success();
}

}  // namespace

Step traffic_step() {
  Param n{"n", "Matrix size n", Param::Kind::integer, 16, 8192, 512};
  n.log_scale = true;
  n.emulator_default = 256;
  n.help = "Both kernels are timed at this size. On the emulator, large sizes take a while.";
  Step step{"Traffic", {n, tile_param(1)}};
  step.kernels = {"mat_mul_coalesced_kernel", "mat_mul_shared_kernel"};
  step.prediction = Prediction{
      .question = "Tile {tile}: how many times fewer loads from global memory does one thread of the tiled kernel make?",
      .unit = "times fewer",
      .answer_key = "counted_load_ratio",
      .tolerance = 0.1};
  return step;
}

void run_traffic(const ParamValues& values, Device& device, RunControl& control, Run* run) {
  const int n = static_cast<int>(values.at("n")), tile = tile_of(values);
  run->results["n"] = n;
  run->results["tile"] = tile;
  run->status = [&]() -> Status {
    CUDALAB_RETURN_IF_ERROR(check_problem_fits(device, n));
    CUDALAB_RETURN_IF_ERROR(check_tile(device, tile));
    CUDALAB_RETURN_IF_ERROR(check_host_memory(4.0 * 4 * n * n + 8.0 * std::min(n, kEveryRowUpTo) * n, "this step"));
    const int counted_n = std::min(n, kLargestCountedN);
    {
      const Matrix a = random_matrix(counted_n, 1), b = random_matrix(counted_n, 2);
      for (const bool shared : {false, true}) {
        std::map<std::uint32_t, int> loads;
        CUDALAB_RETURN_IF_ERROR(count_loads_of_one_block(device, a, b, counted_n, tile, shared, &loads));
        int most = 0;
        for (const auto& [thread, count] : loads) most = std::max(most, count);
        run->results[shared ? "counted_shared" : "counted_naive"] = most;
      }
    }
    run->results["counted_n"] = counted_n;
    if (const int tiled = run->results.value("counted_shared", 0); tiled > 0)
      run->results["counted_load_ratio"] = double(run->results.value("counted_naive", 0)) / tiled;
    control.progress = 0.05f;

    const Matrix a = random_matrix(n, 1), b = random_matrix(n, 2);
    Reference reference;
    CUDALAB_RETURN_IF_ERROR(make_reference(a, b, n, &control, &reference));
    control.progress = 0.2f;
    const RaceInputs inputs{n, &a, &b, &reference};
    for (const auto& [key, spec] : {std::pair{"naive", ContenderSpec{Contender::naive_coalesced, tile}},
                                    std::pair{"shared", ContenderSpec{Contender::shared_tiles, tile}}}) {
      ContenderResult result = measure_contender(device, spec, inputs, &control);
      if (result.outcome == ContenderResult::Outcome::cancelled) return cancelled_status();
      if (result.outcome == ContenderResult::Outcome::failed) return Status::error(StatusCode::launch_failed, result.note);
      nlohmann::json& timed = run->results[key];
      timed["outcome"] = to_string(result.outcome);
      timed["note"] = result.note;
      timed["ms"] = result.outcome == ContenderResult::Outcome::measured ? result.compute.ms : 0.0;
      timed["error"] = result.error;
      result.compute.label = std::string(key) + ": kernel";
      if (result.outcome == ContenderResult::Outcome::measured) run->timings.push_back(result.compute);
      control.progress = control.progress + 0.4f;
    }
    // Loads over the whole grid, exactly: every thread inside C loads 2n (naive); each in-range
    // element of A and B is copied once per block along the other side (tiles).
    const double blocks_per_side = std::ceil(double(n) / tile);
    run->results["loads_naive"] = 2.0 * n * n * n;
    run->results["loads_shared"] = 2.0 * n * n * blocks_per_side;
    run->results["bandwidth_gbs"] = device.facts().theoretical_bandwidth_gbs();
    run->results["l2_bytes"] = device.facts().l2_bytes;
    run->results["reference"] = reference_in_words(reference);
    return Status::success();
  }();
}

std::vector<View> traffic_views(const Run& run) {
  const int n = run.results.value("n", 0), tile = run.results.value("tile", 16);
  const int counted_n = run.results.value("counted_n", 0);
  if (n < 1 || !run.results.contains("naive") || !run.results.contains("shared")) return {};
  const auto& naive = run.results["naive"];
  const auto& shared = run.results["shared"];
  const double naive_ms = naive.value("ms", 0.0), shared_ms = shared.value("ms", 0.0);
  const double naive_bytes = run.results.value("loads_naive", 0.0) * 4, shared_bytes = run.results.value("loads_shared", 0.0) * 4;
  auto issued_rate = [](double bytes, double ms) { return ms > 0 ? bytes / (ms * 1e6) : 0.0; };  // GB/s
  const bool gpu = run.device.is_gpu();

  TableView table;
  table.title = say("Global loads and time at n = {}, {} × {} threads per block", n, tile, tile);
  table.columns = {"kernel", say("loads per thread (counted at n = {})", counted_n), "bytes requested, whole grid",
                   "kernel time", "GFLOP/s", "loads per second"};
  auto row = [&](const char* name, const nlohmann::json& timed, const char* counted_key, double bytes, const std::string& law) {
    const bool measured = timed.value("outcome", "") == "measured";
    const double ms = timed.value("ms", 0.0);
    table.rows.push_back({name, say("{} ({})", run.results.value(counted_key, 0), as_is(law)), bytes_three_digits(bytes),
                          measured ? milliseconds_three_digits(ms) : timed.value("note", "not run"),
                          measured ? flop_rate_in_words(gflops(n, ms)) : "—",
                          measured ? say("{:.3g} GB/s", issued_rate(bytes, ms)) : "—"});
  };
  row("naive (column from x)", naive, "counted_naive", naive_bytes, say("2n = {}", 2 * counted_n));
  row(say("tiles {} × {}", tile, tile).c_str(), shared, "counted_shared", shared_bytes,
      say("2 × ceil(n / tile) = {}", 2 * ((counted_n + tile - 1) / tile)));

  ChartView chart;
  chart.title = "Tiles against naive: bytes requested and time (naive = 1)";
  chart.kind = ChartView::Kind::bar;
  chart.log_y = true;
  chart.x_label = "kernel";
  chart.y_label = "relative to the naive kernel";
  chart.categories = {"naive", say("tiles {}", tile)};
  chart.series.push_back({"bytes requested", {0, 1}, {1.0, naive_bytes > 0 ? shared_bytes / naive_bytes : 0}});
  if (naive_ms > 0 && shared_ms > 0) chart.series.push_back({"kernel time", {0, 1}, {1.0, shared_ms / naive_ms}});

  const double bandwidth = run.results.value("bandwidth_gbs", 0.0);
  const double naive_rate = issued_rate(naive_bytes, naive_ms);
  const double matrices = 3.0 * n * n * 4;
  const std::size_t l2 = run.results.value("l2_bytes", std::size_t(0));
  FactsView facts;
  facts.title = "Why tiles help less than the traffic says";
  facts.facts = {
      {"loads cut by", say("{:.1f}× (the tile edge)", shared_bytes > 0 ? naive_bytes / shared_bytes : 0)},
      {"time cut by", naive_ms > 0 && shared_ms > 0 ? say("{:.2f}×", naive_ms / shared_ms) : "—"},
      {"the naive kernel asked memory for", naive_ms > 0 ? say("{:.0f} GB/s", naive_rate) : "—"},
  };
  if (gpu && bandwidth > 0) {
    facts.facts.push_back({"this GPU's memory delivers at most", say("{:.0f} GB/s", bandwidth)});
    if (naive_rate > bandwidth)
      facts.facts.push_back({"so", say("{:.1f}× more than memory can deliver: the caches (L1, and {} of L2) served "
                                       "most of the naive kernel's loads already; tiles remove loads that were "
                                       "cheap cache hits, not trips to memory",
                                       naive_rate / bandwidth, bytes_three_digits(double(l2)))});
    else
      facts.facts.push_back({"so", "the naive kernel stayed within what memory delivers: here the loads themselves were "
                                   "the limit, and cutting them pays off more fully"});
  } else if (!gpu) {
    facts.facts.push_back({"on the emulator", "these are CPU times: the CPU's own caches play the part of the GPU's, and "
                                              "shared memory is ordinary memory, so the ratio says little about a GPU"});
  }
  facts.facts.push_back({"A, B and C together", say("{}{}", bytes_three_digits(matrices),
                                                    l2 ? say(" (L2 cache: {})", bytes_three_digits(double(l2))) : "")});
  facts.facts.push_back({"results checked against", run.results.value("reference", "")});
  return views_of(std::move(table), std::move(chart), std::move(facts));
}

}  // namespace cudalab::lessons::tiles
