// Chapter 4, step 1: the round trip as a timeline. One vector addition, c = a + b, the way every
// CUDA program does it: copy a and b to the device, launch, copy c back. Events between the
// phases time each one on the device's clock; the trip is repeated, and the trip with the median
// total is drawn to scale. The result is checked against the host's own sum.
#include <algorithm>
#include <array>
#include <numeric>

#include <fmt/format.h>

#include "cudalab/buffer.h"
#include "kernels.h"
#include "round_trip_steps.h"
#include "cudalab/message_format.h"
#include "text/say.h"

namespace cudalab::lessons::round_trip {
namespace {

constexpr unsigned kThreadsPerBlock = 256;
enum Phase { kCopyA = 0, kCopyB = 1, kKernel = 2, kCopyC = 3, kPhases = 4 };
constexpr std::array<const char*, kPhases> kPhaseNames = {"copy a in", "copy b in", "add_vectors", "copy c out"};

// Host arrays in ordinary (pageable) or page-locked memory, seen through spans either way.
struct HostArrays {
  std::vector<float> pageable_a, pageable_b, pageable_c;
  PinnedBuffer<float> pinned_a, pinned_b, pinned_c;
  std::span<float> a, b, c;

  Status create(Device& device, std::size_t n, bool pinned) {
    if (pinned) {
      CUDALAB_RETURN_IF_ERROR(PinnedBuffer<float>::create(device, n, &pinned_a));
      CUDALAB_RETURN_IF_ERROR(PinnedBuffer<float>::create(device, n, &pinned_b));
      CUDALAB_RETURN_IF_ERROR(PinnedBuffer<float>::create(device, n, &pinned_c));
      a = pinned_a.span(), b = pinned_b.span(), c = pinned_c.span();
    } else {
      pageable_a.resize(n), pageable_b.resize(n), pageable_c.resize(n);
      a = pageable_a, b = pageable_b, c = pageable_c;
    }
    return Status::success();
  }
};

}  // namespace

Step timeline_step() {
  Param elements{"elements", "Elements (n)", Param::Kind::integer, 1024, 1 << 28, 1 << 24};
  elements.log_scale = true;
  elements.help = "Length of a, b and c (floats): each copy moves 4 × n bytes.";
  Param pinned{"pinned", "Page-locked (pinned) host memory", Param::Kind::toggle, 0, 1, 0};
  pinned.help = "Off: ordinary host arrays, as most programs have. On: cudaHostAlloc memory, which the GPU can copy directly.";
  Step step{"The round trip as a timeline", {elements, pinned}};
  step.kernels = {"add_vectors"};
  step.prediction = Prediction{.question = "c = a + b for n = {elements}: which takes longer?",
                               .kind = Prediction::Kind::choice,
                               .choices = {"The kernel", "The copies (a and b in, c back)"},
                               .answer_key = "longer_part"};
  return step;
}

void run_timeline(const ParamValues& values, Device& device, RunControl& control, Run* run) {
  const int n = static_cast<int>(values.at("elements"));
  const bool pinned = values.at("pinned") != 0;
  const std::size_t bytes = static_cast<std::size_t>(n) * sizeof(float);
  const LaunchConfig config{Dim3((static_cast<unsigned>(n) + kThreadsPerBlock - 1) / kThreadsPerBlock), Dim3(kThreadsPerBlock)};
  run->results["elements"] = n;
  run->results["bytes_per_array"] = bytes;
  run->results["pinned"] = pinned;
  run->results["launch"] = config.str();
  if (3 * bytes > device.free_memory()) {
    run->status = Status::error(StatusCode::out_of_memory,
                                message("this step needs three arrays of {} on the device and it has {} free",
                                        bytes_in_words(double(bytes)), bytes_in_words(double(device.free_memory()))));
    return;
  }
  // Host side: a, b and c, and the inputs generated before they are copied into a and b.
  if (run->status = check_host_room(device, 5 * bytes, 3 * bytes); !run->status.ok()) return;

  // phase_ms[trip][phase]
  std::vector<std::array<double, kPhases>> trips;
  HostArrays host;
  run->status = [&]() -> Status {
    CUDALAB_RETURN_IF_ERROR(host.create(device, static_cast<std::size_t>(n), pinned));
    const std::vector<float> a = random_inputs(host.a.size(), 11), b = random_inputs(host.b.size(), 12);
    std::copy(a.begin(), a.end(), host.a.begin());
    std::copy(b.begin(), b.end(), host.b.begin());
    Buffer<float> device_a, device_b, device_c;
    CUDALAB_RETURN_IF_ERROR(Buffer<float>::create(device, host.a.size(), &device_a));
    CUDALAB_RETURN_IF_ERROR(Buffer<float>::create(device, host.b.size(), &device_b));
    CUDALAB_RETURN_IF_ERROR(Buffer<float>::create(device, host.c.size(), &device_c));
    auto round_trip = [&](std::array<std::shared_ptr<Event>, kPhases + 1>* events) -> Status {
      if (events) (*events)[0] = device.record_event();
      CUDALAB_RETURN_IF_ERROR(device_a.upload(host.a));                                       // 1. inputs in
      if (events) (*events)[1] = device.record_event();
      CUDALAB_RETURN_IF_ERROR(device_b.upload(host.b));
      if (events) (*events)[2] = device.record_event();
      CUDALAB_RETURN_IF_ERROR(launch(device, add_vectors, config, device_a.data(), device_b.data(), device_c.data(), n));  // 2, 3
      if (events) (*events)[3] = device.record_event();
      CUDALAB_RETURN_IF_ERROR(device_c.download(host.c));                                     // 4. results out
      if (events) (*events)[4] = device.record_event();
      return device.synchronize();
    };
    // The first trip also loads the kernel and touches fresh pages: not what this step is about.
    CUDALAB_RETURN_IF_ERROR(round_trip(nullptr));
    const RepeatPolicy policy = repeat_policy(device);
    double spent_ms = 0;
    while (static_cast<int>(trips.size()) < policy.most &&
           (static_cast<int>(trips.size()) < policy.fewest || spent_ms < policy.budget_ms)) {
      if (control.cancel) return cancelled_status();
      std::array<std::shared_ptr<Event>, kPhases + 1> events;
      CUDALAB_RETURN_IF_ERROR(round_trip(&events));
      std::array<double, kPhases> phase_ms{};
      for (int p = 0; p < kPhases; ++p) phase_ms[p] = device.elapsed_ms(*events[p], *events[p + 1]);
      trips.push_back(phase_ms);
      spent_ms += std::accumulate(phase_ms.begin(), phase_ms.end(), 0.0);
    }
    return Status::success();
  }();
  if (!run->status.ok()) return;

  std::size_t wrong = 0;
  for (std::size_t i = 0; i < host.c.size(); ++i) wrong += host.c[i] != host.a[i] + host.b[i];
  run->results["elements_wrong"] = wrong;
  if (wrong) {
    run->status = Status::error(StatusCode::internal, message("c = a + b is wrong in {} of {} elements", wrong, n));
    return;
  }
  // Draw the trip whose total is the median one; keep every trip's phases as samples.
  std::vector<std::size_t> order(trips.size());
  std::iota(order.begin(), order.end(), 0);
  auto total = [&](std::size_t t) { return std::accumulate(trips[t].begin(), trips[t].end(), 0.0); };
  std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return total(x) < total(y); });
  const std::array<double, kPhases>& drawn = trips[order[order.size() / 2]];
  nlohmann::json phases = nlohmann::json::array();
  for (int p = 0; p < kPhases; ++p) {
    const double phase_bytes = p == kKernel ? 3.0 * double(bytes) : double(bytes);  // the kernel reads a, b, writes c
    phases.push_back({{"name", kPhaseNames[p]}, {"ms", drawn[p]}, {"bytes", phase_bytes},
                      {"gbs", gigabytes_per_second(phase_bytes, drawn[p])}});
    Timing timing{kPhaseNames[p], 0, device.timing_source(), static_cast<int>(trips.size())};
    for (const auto& trip : trips) timing.samples_ms.push_back(trip[p]);
    timing.ms = median(timing.samples_ms);
    run->timings.push_back(std::move(timing));
  }
  run->results["phases"] = phases;
  run->results["total_ms"] = std::accumulate(drawn.begin(), drawn.end(), 0.0);
  run->results["longer_part"] = drawn[kCopyA] + drawn[kCopyB] + drawn[kCopyC] > drawn[kKernel] ? 1 : 0;
  run->results["trips"] = trips.size();
}

std::vector<View> timeline_views(const Run& run) {
  const auto phases = run.results.value("phases", nlohmann::json::array());
  const double total_ms = run.results.value("total_ms", 0.0);
  const bool pinned = run.results.value("pinned", false);
  const bool gpu = run.device.is_gpu();
  const TimingSource source = run.timings.empty() ? TimingSource::host_clock : run.timings[0].source;

  TimelineView timeline;
  timeline.title = say("One round trip, to scale ({}, {})", gpu ? "CUDA events" : "CPU emulator, not a GPU time",
                       pinned ? "pinned host memory" : "ordinary host memory");
  timeline.rows = {"host → device", "kernel", "device → host"};
  double at_us = 0;
  double copy_ms = 0;
  for (std::size_t p = 0; p < phases.size(); ++p) {
    const double ms = phases[p].value("ms", 0.0);
    const int row = p < 2 ? 0 : (p == 2 ? 1 : 2);
    if (p != 2) copy_ms += ms;
    const std::string name = phases[p].value("name", std::string());
    std::string tooltip = say("{}: {} in {} = {}", name, bytes_in_words(phases[p].value("bytes", 0.0)),
                              milliseconds_in_words(ms), bandwidth_in_words(phases[p].value("gbs", 0.0)));
    if (p == 2) tooltip = say("{} (reads a and b, writes c: 3 × 4 bytes per element)", tooltip);
    timeline.bars.push_back({row, at_us, at_us + ms * 1000, row, name, std::move(tooltip)});
    at_us += ms * 1000;
  }
  timeline.markers = {{at_us, say("c is back on the host: {}", milliseconds_in_words(total_ms))}};

  FactsView facts;
  facts.title = "The trip in numbers";
  facts.facts = {
      {"elements", say("{} floats, {} per array", run.results.value("elements", 0),
                       bytes_in_words(run.results.value("bytes_per_array", 0.0)))},
      {"host memory", pinned ? "page-locked (cudaHostAlloc)" : "ordinary (pageable)"},
  };
  for (const auto& phase : phases)
    facts.facts.push_back({phase.value("name", std::string()), say("{} → {}", milliseconds_in_words(phase.value("ms", 0.0)),
                                                                          bandwidth_in_words(phase.value("gbs", 0.0)))});
  facts.facts.push_back({"copying", say("{:.1f} % of the trip", total_ms > 0 ? 100.0 * copy_ms / total_ms : 0.0)});
  facts.facts.push_back({"c = a + b", "checked on the host: every element right"});
  if (!run.timings.empty())
    facts.facts.push_back({"timed with", say("{}; the trip with the median total of {}", timing_label(source),
                                             run.timings[0].repeats)});

  CodeView code;
  code.title = "The four steps";
  code.text = fmt::format(
      "cudaMemcpy(device_a, a, bytes, cudaMemcpyHostToDevice);  // 1. inputs to the device\n"
      "cudaMemcpy(device_b, b, bytes, cudaMemcpyHostToDevice);\n"
      "add_vectors{}(device_a, device_b, device_c, n);  // 2. configure and launch\n"
      "                                               // 3. the kernel runs on the device\n"
      "cudaMemcpy(c, device_c, bytes, cudaMemcpyDeviceToHost);  // 4. results back (waits for the kernel)\n",
      run.results.value("launch", std::string()));
  return views_of(std::move(timeline), std::move(facts), std::move(code));
}

}  // namespace cudalab::lessons::round_trip
