// Chapter 4, step 3: when the GPU is worth it. The same polynomial over n inputs, computed by one
// CPU core and by the device with its copies (x in, y out), for n from 256 up to the slider's size.
// Small n: the copies' and the launch's fixed costs dominate and the CPU wins; large n: the
// device's parallelism pays for the copies. Where the lines cross comes from this run.
#include <algorithm>
#include <array>
#include <optional>

#include <fmt/format.h>

#include "cudalab/buffer.h"
#include "host_work.h"
#include "kernels.h"
#include "round_trip_steps.h"
#include "text/say.h"

namespace cudalab::lessons::round_trip {
namespace {

constexpr unsigned kThreadsPerBlock = 256;
constexpr std::size_t kSmallest = 16;
enum Contender { kCpu = 0, kDeviceWithCopies = 1, kKernelAlone = 2, kContenders = 3 };

RepeatPolicy sweep_policy(const Device& device) {
  RepeatPolicy policy = repeat_policy(device);
  policy.budget_ms = device.is_gpu() ? 60 : 40;
  return policy;
}

}  // namespace

Step worth_it_step() {
  Param largest{"largest_elements", "Largest n", Param::Kind::integer, 1024, 1 << 26, 1 << 22};
  largest.log_scale = true;
  largest.emulator_default = 1 << 20;
  largest.help = "The sweep runs n = 16, 64, 256, ... up to this.";
  Param terms{"terms", "Work per element (polynomial terms)", Param::Kind::integer, 1, 4096, 64};
  terms.log_scale = true;
  terms.help = "One multiply-add per term: more work per byte copied favours the device.";
  Param pinned{"pinned", "Page-locked (pinned) host memory", Param::Kind::toggle, 0, 1, 0};
  pinned.help = "Pinned memory makes the copies faster, and moves the crossing to smaller n.";
  Step step{"When the GPU is worth it", {largest, terms, pinned}};
  step.kernels = {"evaluate_polynomial"};
  step.prediction = Prediction{
      .question = "n = {largest_elements}, {terms} terms per element: which finishes first?",
      .kind = Prediction::Kind::choice,
      .choices = {"One CPU core", "The device, copies included"},
      .answer_key = "faster_at_largest"};
  return step;
}

void run_worth_it(const ParamValues& values, Device& device, RunControl& control, Run* run) {
  const auto largest = static_cast<std::size_t>(values.at("largest_elements"));
  const int terms = static_cast<int>(values.at("terms"));
  const bool pinned = values.at("pinned") != 0;
  const std::vector<std::size_t> sizes = sizes_up_to(kSmallest, largest, 4);
  run->results["sizes"] = sizes;
  run->results["terms"] = terms;
  run->results["pinned"] = pinned;
  if (2 * largest * sizeof(float) > device.free_memory()) {
    run->status = Status::error(StatusCode::out_of_memory,
                                say("this step needs two arrays of {} on the device and it has {} free",
                                    bytes_in_words(double(largest * sizeof(float))),
                                    bytes_in_words(double(device.free_memory()))));
    return;
  }
  // Host side: x and y (ordinary or pinned), the inputs, and the CPU's own results.
  if (run->status = check_host_room(device, 4 * largest * sizeof(float), 2 * largest * sizeof(float));
      !run->status.ok())
    return;

  std::array<std::vector<double>, kContenders> ms;
  std::array<Timing, kContenders> largest_timings;
  std::size_t wrong = 0;
  const RepeatPolicy policy = sweep_policy(device);
  run->status = [&]() -> Status {
    const std::vector<float> inputs = polynomial_inputs(largest, 21);
    std::vector<float> pageable_x, pageable_y;
    PinnedBuffer<float> pinned_x, pinned_y;
    std::span<float> x, y;
    if (pinned) {
      CUDALAB_RETURN_IF_ERROR(PinnedBuffer<float>::create(device, largest, &pinned_x));
      CUDALAB_RETURN_IF_ERROR(PinnedBuffer<float>::create(device, largest, &pinned_y));
      x = pinned_x.span(), y = pinned_y.span();
    } else {
      pageable_x.resize(largest), pageable_y.resize(largest);
      x = pageable_x, y = pageable_y;
    }
    std::copy(inputs.begin(), inputs.end(), x.begin());
    std::vector<float> on_cpu(largest);
    Buffer<float> device_x, device_y;
    CUDALAB_RETURN_IF_ERROR(Buffer<float>::create(device, largest, &device_x));
    CUDALAB_RETURN_IF_ERROR(Buffer<float>::create(device, largest, &device_y));

    double done = 0, all = 0;
    for (std::size_t n : sizes) all += double(n);
    for (std::size_t n : sizes) {
      const LaunchConfig config{Dim3(static_cast<unsigned>((n + kThreadsPerBlock - 1) / kThreadsPerBlock)), Dim3(kThreadsPerBlock)};
      const std::span<const float> x_n = x.first(n);
      std::array<Timing, kContenders> timing;
      CUDALAB_RETURN_IF_ERROR(time_on_host([&] { polynomial_on_cpu(x_n, std::span(on_cpu).first(n), terms); },
                                                   policy, control, &timing[kCpu]));
      auto kernel = [&] { return launch(device, evaluate_polynomial, config, device_x.data(), device_y.data(), static_cast<int>(n), terms); };
      CUDALAB_RETURN_IF_ERROR(time_on_device(
          device,
          [&]() -> Status {
            CUDALAB_RETURN_IF_ERROR(device_x.upload(x_n));
            CUDALAB_RETURN_IF_ERROR(kernel());
            return device_y.download(y.first(n));
          },
          policy, control, &timing[kDeviceWithCopies]));
      CUDALAB_RETURN_IF_ERROR(time_on_device(device, kernel, policy, control, &timing[kKernelAlone]));
      wrong += count_disagreements(y.first(n), std::span<const float>(on_cpu).first(n));
      for (int c = 0; c < kContenders; ++c) {
        ms[c].push_back(timing[c].ms);
        largest_timings[c] = timing[c];
      }
      done += double(n);
      control.progress = static_cast<float>(done / all);
      // The lines grow size by size while the larger sizes are still running.
      run->results["cpu_ms"] = ms[kCpu];
      run->results["with_copies_ms"] = ms[kDeviceWithCopies];
      run->results["kernel_ms"] = ms[kKernelAlone];
      control.publish(*run);
    }
    return Status::success();
  }();
  if (!run->status.ok()) return;
  run->results["elements_wrong"] = wrong;
  if (wrong) {
    run->status = Status::error(StatusCode::internal, say("{} results disagree with the CPU's", wrong));
    return;
  }
  run->results["cpu_ms"] = ms[kCpu];
  run->results["with_copies_ms"] = ms[kDeviceWithCopies];
  run->results["kernel_ms"] = ms[kKernelAlone];
  // The crossing: the smallest n from which the device, copies included, beats the CPU at every
  // larger n of the sweep.
  std::optional<std::size_t> crossing;
  for (std::size_t i = sizes.size(); i-- > 0;) {
    if (ms[kDeviceWithCopies][i] >= ms[kCpu][i]) break;
    crossing = sizes[i];
  }
  run->results["crossing_elements"] = crossing ? nlohmann::json(*crossing) : nlohmann::json(nullptr);
  if (!sizes.empty()) run->results["faster_at_largest"] = ms[kDeviceWithCopies].back() < ms[kCpu].back() ? 1 : 0;
  largest_timings[kCpu].label = "CPU, one core (largest n)";
  largest_timings[kDeviceWithCopies].label = "copy in + kernel + copy out (largest n)";
  largest_timings[kKernelAlone].label = "kernel alone (largest n)";
  run->timings.assign(largest_timings.begin(), largest_timings.end());
}

std::vector<View> worth_it_views(const Run& run) {
  const auto sizes = run.results.value("sizes", std::vector<double>{});
  const bool gpu = run.device.is_gpu();
  const std::string device_name = gpu ? "GPU" : "emulator";
  ChartView chart;
  chart.title = gpu ? say("Time against n, {} terms per element (ms)", run.results.value("terms", 0))
                    : say("Time against n, {} terms per element (ms) — every line here is a CPU figure",
                          run.results.value("terms", 0));
  chart.x_label = "n (elements)";
  chart.y_label = "ms";
  chart.log_x = chart.log_y = true;
  // A sweep still running has measured only the first sizes: each line is as long as its data.
  auto line = [&](std::string name, const char* key) {
    auto y = run.results.value(key, std::vector<double>{});
    return ChartView::Series{std::move(name), {sizes.begin(), sizes.begin() + std::min(sizes.size(), y.size())}, y};
  };
  chart.series = {line("CPU, one core", "cpu_ms"), line(device_name + ", copies included", "with_copies_ms"),
                  line(device_name + " kernel alone", "kernel_ms")};
  const std::size_t measured = chart.series[0].y.size();

  FactsView facts;
  facts.title = "Where the lines cross";
  const auto crossing = run.results.value("crossing_elements", nlohmann::json(nullptr));
  const bool finished = run.results.contains("crossing_elements");
  facts.facts.push_back(
      {"the device wins, copies included",
       !finished ? say("still measuring: {} of {} sizes done", measured, sizes.size())
       : !crossing.is_number() ? std::string("nowhere in this sweep: try more terms, larger n, or pinned memory")
       : !sizes.empty() && crossing.get<double>() == sizes.front()
           ? say("at every n of this sweep, even n = {}", crossing.get<std::size_t>())
           : say("from n = {} on (in this run)", crossing.get<std::size_t>())});
  const auto cpu = run.results.value("cpu_ms", std::vector<double>{});
  const auto with_copies = run.results.value("with_copies_ms", std::vector<double>{});
  const auto kernel = run.results.value("kernel_ms", std::vector<double>{});
  if (!sizes.empty() && cpu.size() == sizes.size() && with_copies.size() == sizes.size() && kernel.size() == sizes.size()) {
    facts.facts.push_back({say("n = {:.0f}", sizes.front()),
                           say("CPU {}, {} with copies {}", milliseconds_in_words(cpu.front()), device_name,
                               milliseconds_in_words(with_copies.front()))});
    facts.facts.push_back({say("n = {:.0f}", sizes.back()),
                           say("CPU {}, {} with copies {} (kernel alone {})", milliseconds_in_words(cpu.back()),
                               device_name, milliseconds_in_words(with_copies.back()),
                               milliseconds_in_words(kernel.back()))});
  }
  facts.facts.push_back({"host memory", run.results.value("pinned", false) ? "page-locked (pinned)" : "ordinary (pageable)"});
  facts.facts.push_back({"CPU baseline", "one core, which flatters the device: a CPU program on every core would move "
                                         "the crossing to larger n"});
  facts.facts.push_back({"results", "every element of every size checked against the CPU's"});
  if (run.timings.size() >= 2) {
    facts.facts.push_back({"CPU timed with", timing_label(run.timings[0].source)});
    facts.facts.push_back({device_name + " timed with", timing_label(run.timings[1].source)});
  }
  if (!gpu)
    facts.facts.push_back({"on the emulator", "its \"device\" is this CPU's worker threads: the crossing says how the "
                                              "emulator compares with one core, nothing about a GPU"});
  return views_of(std::move(chart), std::move(facts));
}

}  // namespace cudalab::lessons::round_trip
