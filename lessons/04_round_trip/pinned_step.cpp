// Chapter 4, step 2: pageable against pinned host memory. Copies of growing size (4 KiB up to the
// slider's size, ×4 each time) in both directions, from ordinary and from page-locked host
// memory, each timed with events (median of repeats). Small copies are bound by a fixed cost per
// copy (latency), large ones by the bus (bandwidth): the chart shows both regimes.
#include <algorithm>
#include <array>
#include <cstring>
#include <memory>

#include <fmt/format.h>

#include "cudalab/buffer.h"
#include "host_work.h"
#include "round_trip_steps.h"
#include "text/say.h"

namespace cudalab::lessons::round_trip {
namespace {

constexpr std::size_t kSmallestCopy = 4 * 1024;
enum Series { kPageableIn = 0, kPinnedIn = 1, kPageableOut = 2, kPinnedOut = 3, kSeries = 4 };
constexpr std::array<const char*, kSeries> kSeriesNames = {"pageable → device", "pinned → device", "device → pageable",
                                                          "device → pinned"};

// Repeats per size: enough for a median, within a budget that keeps the whole sweep short.
RepeatPolicy sweep_policy(const Device& device) {
  RepeatPolicy policy = repeat_policy(device);
  policy.budget_ms = device.is_gpu() ? 60 : 40;
  return policy;
}

}  // namespace

Step pinned_step() {
  Param largest{"largest_mib", "Largest copy (MiB)", Param::Kind::integer, 1, 16384, 256};
  largest.log_scale = true;
  largest.help = "The sweep copies 4 KiB, 16 KiB, 64 KiB, ... up to this size, both ways, from both kinds of host memory.";
  Step step{"Pageable vs pinned", {largest}};
  step.prediction = Prediction{.question = "At {largest_mib} MiB, which host memory copies to the device faster?",
                               .kind = Prediction::Kind::choice,
                               .choices = {"Pageable (ordinary new/malloc)", "Pinned (cudaMallocHost)"},
                               .answer_key = "faster_to_device"};
  return step;
}

void run_pinned(const ParamValues& values, Device& device, RunControl& control, Run* run) {
  const std::size_t largest = static_cast<std::size_t>(values.at("largest_mib")) << 20;
  const std::vector<std::size_t> sizes = sizes_up_to(kSmallestCopy, largest, 4);
  run->results["sizes"] = sizes;
  if (largest > device.free_memory()) {
    run->status = Status::error(StatusCode::out_of_memory,
                                say("a copy of {} needs as much device memory, and the device has {} free: "
                                    "choose a smaller size",
                                    bytes_in_words(double(largest)), bytes_in_words(double(device.free_memory()))));
    return;
  }
  // Host side: one page-locked and one ordinary buffer of the largest size.
  if (run->status = check_host_room(device, 2 * largest, largest); !run->status.ok()) return;

  std::array<std::vector<double>, kSeries> gbs, ms;
  std::array<Timing, kSeries> largest_copy;  // the timings of the last size, samples and all
  const RepeatPolicy policy = sweep_policy(device);
  run->status = [&]() -> Status {
    Buffer<std::byte> on_device;
    CUDALAB_RETURN_IF_ERROR(Buffer<std::byte>::create(device, largest, &on_device));
    PinnedBuffer<std::byte> pinned;
    CUDALAB_RETURN_IF_ERROR(PinnedBuffer<std::byte>::create(device, largest, &pinned));
    std::unique_ptr<std::byte[]> pageable(new std::byte[largest]);
    // Touch every page once, so that no copy pays for the first use of fresh memory.
    std::memset(pageable.get(), 1, largest);
    std::memset(pinned.data(), 1, largest);
    double done_bytes = 0, all_bytes = 0;
    for (std::size_t size : sizes) all_bytes += double(size) * static_cast<int>(kSeries);
    for (std::size_t size : sizes) {
      for (int s = 0; s < kSeries; ++s) {
        std::byte* host = (s == kPinnedIn || s == kPinnedOut) ? pinned.data() : pageable.get();
        const bool in = s == kPageableIn || s == kPinnedIn;
        Timing timing;
        CUDALAB_RETURN_IF_ERROR(time_on_device(
            device,
            [&] { return in ? device.copy_to_device(on_device.data(), host, size) : device.copy_to_host(host, on_device.data(), size); },
            policy, control, &timing));
        ms[s].push_back(timing.ms);
        timing.label = say("{}, {}", kSeriesNames[s], bytes_in_words(double(size)));
        largest_copy[s] = timing;
        gbs[s].push_back(gigabytes_per_second(double(size), timing.ms));
        done_bytes += double(size);
        control.progress = static_cast<float>(done_bytes / all_bytes);
      }
      // The chart grows point by point while the larger sizes are still being copied.
      for (int s = 0; s < kSeries; ++s) run->results["gbs"][kSeriesNames[s]] = gbs[s], run->results["ms"][kSeriesNames[s]] = ms[s];
      control.publish(*run);
    }
    return Status::success();
  }();
  if (!run->status.ok()) return;
  for (int s = 0; s < kSeries; ++s) {
    run->results["gbs"][kSeriesNames[s]] = gbs[s];
    run->results["ms"][kSeriesNames[s]] = ms[s];
  }
  run->timings.assign(largest_copy.begin(), largest_copy.end());
  if (!gbs[kPinnedIn].empty() && !gbs[kPageableIn].empty()) {
    run->results["faster_to_device"] = gbs[kPinnedIn].back() > gbs[kPageableIn].back() ? 1 : 0;
  }
}

std::vector<View> pinned_views(const Run& run) {
  const auto sizes = run.results.value("sizes", std::vector<double>{});
  const bool gpu = run.device.is_gpu();
  ChartView chart;
  chart.title = gpu ? "Copy speed against copy size (GB/s, CUDA events)"
                    : "Copy speed against copy size (GB/s) — CPU emulator: this machine's memcpy, not a GPU figure";
  chart.x_label = "bytes per copy";
  chart.y_label = "GB/s";
  chart.log_x = chart.log_y = true;
  FactsView facts;
  facts.title = "Latency and bandwidth";
  for (const char* name : kSeriesNames) {
    const auto rates = run.results["gbs"].value(name, std::vector<double>{});
    const auto times = run.results["ms"].value(name, std::vector<double>{});
    // A sweep still running has measured only the first sizes.
    chart.series.push_back({name, {sizes.begin(), sizes.begin() + std::min(sizes.size(), rates.size())}, rates});
    if (rates.empty() || times.empty()) continue;
    const double peak = *std::max_element(rates.begin(), rates.end());
    // Where the bus, not the fixed cost per copy, starts to dominate: the first size at half the peak.
    std::size_t half = 0;
    while (half + 1 < rates.size() && rates[half] < peak / 2) ++half;
    facts.facts.push_back({name, say("{} for {}, {} at best; half of that from {} on",
                                     milliseconds_in_words(times.front()), bytes_in_words(sizes.front()),
                                     bandwidth_in_words(peak), bytes_in_words(sizes[half]))});
  }
  if (!run.timings.empty())
    facts.facts.push_back({"timed with", say("{}, the median of several copies per point",
                                             timing_label(run.timings[0].source))});
  if (!gpu)
    facts.facts.push_back({"on the emulator", "device memory is host memory and both kinds of host memory are the same "
                                              "RAM: the curves show this CPU's memcpy, not a bus"});
  return views_of(std::move(chart), std::move(facts));
}

}  // namespace cudalab::lessons::round_trip
