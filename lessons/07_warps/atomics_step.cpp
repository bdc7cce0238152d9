// Chapter 7, step 4: atomics. A 256-bin histogram of bytes, with one global atomicAdd per element
// or with per-block bins in shared memory added to global memory once per block. Uniform data
// spreads the adds over 256 addresses; skewed data sends half of them (or all) to one bin, where
// atomics on one address are done one after another. Both kernels are timed and checked against
// a CPU histogram; the privatized kernel's global adds are counted from its trace.
#include <algorithm>
#include <cstdint>

#include <fmt/format.h>

#include "common/measuring.h"
#include "cudalab/buffer.h"
#include "kernels.h"
#include "text/say.h"
#include "warps_steps.h"

namespace cudalab::lessons::warps {
namespace {

constexpr unsigned kThreads = 256;
const char* const kDataNames[] = {"uniform", "skewed (half of them 0)", "single-valued (all 0)"};

// Bytes: uniform over 0-255; skewed, half of them 0 and the rest uniform; or every one 0.
std::vector<unsigned char> histogram_inputs(std::size_t count, int data) {
  std::vector<unsigned char> values(count);
  std::uint32_t state = 2024u;
  for (unsigned char& v : values) {
    state = state * 1664525u + 1013904223u;
    const unsigned byte = state >> 24, coin = (state >> 16) & 1u;
    v = static_cast<unsigned char>(data == 2 || (data == 1 && coin) ? 0u : byte);
  }
  return values;
}

}  // namespace

Step atomics_step() {
  Param elements{"elements", "Bytes to count", Param::Kind::integer, 1024, 1 << 26, 1 << 22};
  elements.log_scale = true;
  Param data{"data", "Data", Param::Kind::choice, 0, 2, 1};
  data.choices = {"uniform", "skewed", "single"};
  data.help = "Uniform: every byte value alike. Skewed: half of the bytes are 0. Single: every byte is 0. Skewed data "
              "sends many adds to the same bin at once, and they wait for each other.";
  Step step{"Atomics", {elements, data}};
  step.kernels = {"histogram_global", "histogram_shared"};
  step.prediction = Prediction{.question = "{elements} {data} bytes: which histogram is faster on this device?",
                               .kind = Prediction::Kind::choice,
                               .choices = {"global atomics", "per-block bins in shared memory"},
                               .answer_key = "shared_faster"};
  return step;
}

void run_atomics(const ParamValues& values, Device& device, RunControl& control, Run* run) {
  const int n = int(values.at("elements")), data = int(values.at("data"));
  run->results["elements"] = n;
  run->results["data"] = kDataNames[std::clamp(data, 0, 2)];
  run->status = [&]() -> Status {
    CUDALAB_RETURN_IF_ERROR(check_host_room(device, 2 * std::size_t(n), std::size_t(n)));
    const std::vector<unsigned char> bytes = histogram_inputs(std::size_t(n), data);
    std::vector<unsigned> want(kHistogramBins, 0);
    for (unsigned char b : bytes) ++want[b];
    const unsigned largest_bin = *std::max_element(want.begin(), want.end());
    run->results["largest_bin"] = largest_bin;
    Buffer<unsigned char> bytes_on_device;
    Buffer<unsigned> bins;
    CUDALAB_RETURN_IF_ERROR(Buffer<unsigned char>::from_host(device, bytes, &bytes_on_device));
    CUDALAB_RETURN_IF_ERROR(Buffer<unsigned>::create(device, kHistogramBins, &bins));
    // A grid-stride loop over a few blocks per SM (per worker on the emulator), never more blocks than elements need.
    const unsigned blocks = std::min((unsigned(n) + kThreads - 1) / kThreads, unsigned(std::max(device.facts().sm_count, 1)) * 4);
    const LaunchConfig config{Dim3(blocks), Dim3(kThreads)};
    run->results["blocks"] = blocks;
    const RepeatPolicy policy = repeat_policy(device);
    bool all_match = true;
    double ms[2] = {0, 0};
    for (int side = 0; side < 2; ++side) {
      const auto& kernel = side == 0 ? histogram_global : histogram_shared;
      Timing timing;
      timing.label = kernel.name();
      CUDALAB_RETURN_IF_ERROR(time_on_device(
          device, [&] { return launch(device, kernel, config, n, bytes_on_device.data(), bins.data(), Trace{}); }, policy,
          control, &timing));
      // The checked run: bins from 0, and for the privatized kernel every global add traced.
      TraceBuffer trace;
      CUDALAB_RETURN_IF_ERROR(TraceBuffer::create(device, side == 0 ? 0 : blocks * kHistogramBins, &trace));
      CUDALAB_RETURN_IF_ERROR(bins.zero());
      CUDALAB_RETURN_IF_ERROR(launch(device, kernel, config, n, bytes_on_device.data(), bins.data(), trace.handle()));
      std::vector<TraceEvent> events;
      CUDALAB_RETURN_IF_ERROR(read_all_events(device, trace, &events));
      std::vector<unsigned> got(kHistogramBins);
      CUDALAB_RETURN_IF_ERROR(bins.download(got));
      const bool matches = got == want;
      all_match = all_match && matches;
      nlohmann::json row = {{"kernel", kernel.name()}, {"ms", timing.ms}, {"matches", matches}};
      if (side == 0) {
        row["global_atomics"] = n;
        row["most_on_one_global_address"] = largest_bin;
        row["shared_atomics"] = 0;
        row["most_on_one_shared_address"] = 0;
      } else {
        std::vector<int> flushes(kHistogramBins, 0);
        int most_in_a_block = 0;
        for (const TraceEvent& e : events)
          if (e.kind == kBinFlushed && e.payload[0] >= 0 && e.payload[0] < kHistogramBins) {
            ++flushes[std::size_t(e.payload[0])];
            most_in_a_block = std::max(most_in_a_block, e.payload[1]);
          }
        row["global_atomics"] = events.size();
        row["most_on_one_global_address"] = *std::max_element(flushes.begin(), flushes.end());
        row["shared_atomics"] = n;
        row["most_on_one_shared_address"] = most_in_a_block;
      }
      ms[side] = timing.ms;
      run->results[side == 0 ? "global" : "shared"] = row;
      run->timings.push_back(timing);
      run->results["timing_label"] = timing_label(timing.source);
      control.progress = 0.5f * float(side + 1);
      control.publish(*run);
    }
    run->results["shared_faster"] = ms[1] < ms[0] ? 1 : 0;
    run->results["histogram"] = want;
    run->results["matches"] = all_match;
    if (!all_match) return Status::error(StatusCode::internal, "a histogram differs from the CPU's");
    return Status::success();
  }();
}

std::vector<View> atomics_views(const Run& run) {
  if (!run.results.contains("global") || !run.results.contains("shared")) return {};
  const std::string clock = run.results.value("timing_label", "");
  const int n = run.results.value("elements", 0);
  TableView table;
  table.title = say("A 256-bin histogram of {} {} bytes, {} blocks of 256 threads ({})", n,
                    run.results.value("data", ""), run.results.value("blocks", 0u), clock);
  table.columns = {"kernel", "atomics on global memory", "most on one global address", "atomics on shared memory",
                   "most on one shared address (one block)", "kernel time", "checked against the CPU"};
  ChartView chart;
  chart.title = say("Kernel time ({})", clock);
  chart.kind = ChartView::Kind::bar;
  chart.x_label = "kernel";
  chart.y_label = "ms";
  ChartView::Series times{"kernel time", {}, {}};
  int x = 0;
  for (const char* key : {"global", "shared"}) {
    const auto& row = run.results[key];
    table.rows.push_back({row.value("kernel", ""), std::to_string(row.value("global_atomics", 0)),
                          std::to_string(row.value("most_on_one_global_address", 0)), std::to_string(row.value("shared_atomics", 0)),
                          std::to_string(row.value("most_on_one_shared_address", 0)), milliseconds_in_words(row.value("ms", 0.0)),
                          row.value("matches", false) ? "matches" : "DIFFERS"});
    chart.categories.push_back(row.value("kernel", ""));
    times.x.push_back(x++);
    times.y.push_back(row.value("ms", 0.0));
  }
  chart.series.push_back(times);
  ChartView bins;
  bins.title = "The histogram (from the CPU; both kernels match it)";
  bins.kind = ChartView::Kind::bar;
  bins.x_label = "bin (byte value)";
  bins.y_label = "count";
  ChartView::Series counts{"count", {}, {}};
  const std::vector<unsigned> histogram = run.results.value("histogram", std::vector<unsigned>{});
  for (std::size_t b = 0; b < histogram.size(); ++b) counts.x.push_back(double(b)), counts.y.push_back(histogram[b]);
  bins.series.push_back(counts);
  FactsView facts;
  facts.title = "Atomics";
  const double global_ms = run.results["global"].value("ms", 0.0), shared_ms = run.results["shared"].value("ms", 0.0);
  facts.facts.push_back({"largest bin", say("{} of {} bytes ({:.1f} %)", run.results.value("largest_bin", 0u), n,
                                             n > 0 ? 100.0 * run.results.value("largest_bin", 0u) / n : 0)});
  if (shared_ms > 0) facts.facts.push_back({"global ÷ shared time", say("{:.2f}× ({})", global_ms / shared_ms, clock)});
  if (!run.device.is_gpu())
    facts.facts.push_back({"on the emulator", "the counts hold on a GPU; the times do not: a block's threads run one at a "
                                              "time there, so threads of one block never contend, and an atomic is a CPU "
                                              "atomic instruction"});
  return views_of(std::move(table), std::move(chart), std::move(bins), std::move(facts));
}

}  // namespace cudalab::lessons::warps
