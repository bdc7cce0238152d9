// Chapter 3, step 5: registers and local memory. The same per-thread array, indexed with constants
// (it can live in registers) or with indices read at run time (it must live in local memory). The
// compiler's own account (cudaFuncGetAttributes: registers and local bytes per thread) sits beside
// the two kernels' times; both results are checked against the CPU.
#include <algorithm>
#include <cmath>
#include <numeric>

#include <fmt/format.h>

#include "cudalab/buffer.h"
#include "kernels.h"
#include "memory_steps.h"
#include "text/say.h"

namespace cudalab::lessons::memory {
namespace {

struct Variant {
  const char* name;
  const char* index_kind;
};
constexpr Variant kVariants[2] = {{"values_with_constant_index", "constant"}, {"values_with_runtime_index", "run-time"}};

// What both kernels compute for one input, in double precision.
double expected_sum(float x) {
  double sum = 0;
  for (int k = 0; k < kValuesPerThread; ++k) sum += double(x) * (k + 1) * double(x) * (kValuesPerThread - k);
  return sum;
}

}  // namespace

Step registers_step() {
  Param elements{"elements", "Elements", Param::Kind::integer, 1024, 1 << 26, 1 << 22};
  elements.log_scale = true;
  elements.help = "One thread per element; each keeps an array of 32 floats of its own.";
  Param threads{"threads_per_block", "Threads per block", Param::Kind::integer, 32, 1024, 256};
  threads.log_scale = true;
  Step step{"Registers and local memory", {elements, threads}};
  step.kernels = {"values_with_constant_index", "values_with_runtime_index"};
  step.prediction = Prediction{.question = "Which version is faster?",
                               .kind = Prediction::Kind::choice,
                               .choices = {"Constant indices (the array can live in registers)",
                                           "Indices known only at run time (the array goes to local memory)"},
                               .answer_key = "faster_version"};
  return step;
}

void run_registers(const ParamValues& values, Device& device, RunControl& control, Run* run) {
  const int elements = static_cast<int>(values.at("elements"));
  const auto threads = static_cast<unsigned>(values.at("threads_per_block"));
  const LaunchConfig config{Dim3((static_cast<unsigned>(elements) + threads - 1) / threads), Dim3(threads)};
  run->results["elements"] = elements;
  run->results["launch"] = config.str();

  if (run->status = check_host_room(device, 3 * elements * sizeof(float), 3 * elements * sizeof(float)); !run->status.ok())
    return;
  // The order the run-time kernel visits its array: 0, 1, 2, ... — the compiler cannot know that.
  std::vector<int> order(kValuesPerThread);
  std::iota(order.begin(), order.end(), 0);
  const std::vector<float> input = random_inputs(static_cast<std::size_t>(elements), 7);
  std::vector<float> constant_out(input.size()), runtime_out(input.size());
  const RepeatPolicy policy = repeat_policy(device);
  Timing constant_timing{kVariants[0].name}, runtime_timing{kVariants[1].name};
  run->status = [&]() -> Status {
    CUDALAB_RETURN_IF_ERROR(validate_launch(config, device.facts()));
    Buffer<float> in, out_constant, out_runtime;
    Buffer<int> order_on_device;
    CUDALAB_RETURN_IF_ERROR(Buffer<float>::from_host(device, input, &in));
    CUDALAB_RETURN_IF_ERROR(Buffer<int>::from_host(device, order, &order_on_device));
    CUDALAB_RETURN_IF_ERROR(Buffer<float>::create(device, input.size(), &out_constant));
    CUDALAB_RETURN_IF_ERROR(Buffer<float>::create(device, input.size(), &out_runtime));
    CUDALAB_RETURN_IF_ERROR(time_on_device(
        device, [&] { return launch(device, values_with_constant_index, config, in.data(), out_constant.data(), elements); },
        policy, control, &constant_timing));
    CUDALAB_RETURN_IF_ERROR(time_on_device(
        device,
        [&] {
          return launch(device, values_with_runtime_index, config, in.data(), order_on_device.data(), out_runtime.data(),
                        elements);
        },
        policy, control, &runtime_timing));
    CUDALAB_RETURN_IF_ERROR(out_constant.download(constant_out));
    return out_runtime.download(runtime_out);
  }();
  if (!run->status.ok()) return;

  double worst = 0;
  for (std::size_t i = 0; i < input.size(); ++i) {
    const double expected = expected_sum(input[i]);
    worst = std::max({worst, std::fabs(constant_out[i] - expected) / expected, std::fabs(runtime_out[i] - expected) / expected});
  }
  run->results["largest_relative_error"] = worst;
  if (worst > 1e-5) {
    run->status = Status::error(StatusCode::internal,
                                say("the kernels disagree with the CPU (largest relative difference {:.3g})", worst));
    return;
  }

  // What the compiler made of each kernel: only a GPU build has registers to count.
  nlohmann::json compiled = nlohmann::json::array();
  std::string why_not;
  const KernelEntry* entries[2] = {&values_with_constant_index.entry, &values_with_runtime_index.entry};
  for (int v = 0; v < 2; ++v) {
    KernelAttributes attributes;
    if (Status s = device.kernel_attributes(*entries[v], &attributes); s.ok()) {
      compiled.push_back({{"registers_per_thread", attributes.registers_per_thread},
                          {"local_bytes_per_thread", attributes.local_bytes_per_thread},
                          {"max_threads_per_block", attributes.max_threads_per_block}});
    } else {
      why_not = s.message;
      compiled.push_back(nullptr);
    }
  }
  run->results["compiled"] = compiled;
  run->results["attributes_unavailable"] = why_not;
  run->results["constant_ms"] = constant_timing.ms;
  run->results["runtime_ms"] = runtime_timing.ms;
  run->results["faster_version"] = constant_timing.ms <= runtime_timing.ms ? 0 : 1;
  run->timings = {constant_timing, runtime_timing};
}

std::vector<View> registers_views(const Run& run) {
  const bool gpu = run.device.is_gpu();
  const auto compiled = run.results.value("compiled", nlohmann::json::array());
  const std::string why_not = run.results.value("attributes_unavailable", std::string());
  const double ms[2] = {run.results.value("constant_ms", 0.0), run.results.value("runtime_ms", 0.0)};

  TableView table;
  table.title = gpu ? "What nvcc made of each kernel (cudaFuncGetAttributes) and how long it ran"
                    : "How long each kernel ran on the emulator (a CPU time)";
  table.columns = {"kernel", "array index", "registers per thread", "local memory per thread", "time"};
  for (int v = 0; v < 2; ++v) {
    const bool known = v < static_cast<int>(compiled.size()) && compiled[v].is_object();
    table.rows.push_back({kVariants[v].name, kVariants[v].index_kind,
                          known ? std::to_string(compiled[v].value("registers_per_thread", 0)) : "not available",
                          known ? bytes_in_words(compiled[v].value("local_bytes_per_thread", 0.0)) : "not available",
                          milliseconds_in_words(ms[v])});
  }

  ChartView chart;
  chart.title = gpu ? "Time per launch (ms)" : "Time per launch (ms) — CPU emulator, not a GPU time";
  chart.kind = ChartView::Kind::bar;
  chart.y_label = "ms";
  chart.categories = {"constant index", "run-time index"};
  chart.series.push_back({"median", {0, 1}, {ms[0], ms[1]}});

  FactsView facts;
  facts.title = "Registers against local memory";
  facts.facts.push_back({"each thread keeps", say("float values[{}] ({} bytes)", kValuesPerThread, kValuesPerThread * 4)});
  if (!why_not.empty())
    facts.facts.push_back({"registers and local bytes",
                           say("not available here ({}): they are what nvcc and ptxas decide when compiling for "
                               "a GPU; the emulator's kernels are compiled by the host's C++ compiler for the CPU",
                               why_not)});
  facts.facts.push_back({"run-time index ÷ constant index", ms[0] > 0 ? say("{:.2f}× the time", ms[1] / ms[0]) : "—"});
  if (!run.timings.empty())
    facts.facts.push_back({"timed with", say("{}, median of {}", timing_label(run.timings[0].source), run.timings[0].repeats)});
  facts.facts.push_back({"both agree with the CPU", say("largest relative difference {:.2g}",
                                                        run.results.value("largest_relative_error", 0.0))});
  return views_of(std::move(table), std::move(chart), std::move(facts));
}

}  // namespace cudalab::lessons::memory
