// Chapter 3, step 2: global memory bandwidth. A copy kernel over a buffer of the chosen size, timed
// (median of repeats, after a warm-up), beside the library's device-to-device copy and the
// device's theoretical figure (memory clock × bus width × 2). The copy is checked element by
// element before a figure is believed.
#include <algorithm>
#include <cstring>

#include <fmt/format.h>

#include "cudalab/buffer.h"
#include "kernels.h"
#include "memory_steps.h"
#include "text/say.h"

namespace cudalab::lessons::memory {
namespace {

constexpr unsigned kThreadsPerBlock = 256;
enum Width { kFloat = 0, kFloat4 = 1 };

}  // namespace

Step bandwidth_step() {
  Param size{"buffer_mib", "Buffer size (MiB)", Param::Kind::integer, 1, 131072, 256};
  size.log_scale = true;
  size.emulator_default = 64;
  size.help = "Bytes copied per run: the kernel reads this much and writes as much again. Sizes beyond the "
              "device's free memory are refused with a message.";
  Param width{"width", "Each thread copies", Param::Kind::choice, 0, 1, kFloat};
  width.choices = {"float", "float4"};
  width.help = "float: copy_array, 4 bytes per load. float4: copy_array_float4, 16 bytes per load.";
  Step step{"Global memory bandwidth", {size, width}};
  step.kernels = {"copy_array", "copy_array_float4"};
  step.prediction = Prediction{.question = "The buffer holds {buffer_mib} MiB. How many MiB cross the memory bus in one copy?",
                               .unit = "MiB",
                               .answer_key = "mib_moved"};
  return step;
}

void run_bandwidth(const ParamValues& values, Device& device, RunControl& control, Run* run) {
  const std::size_t buffer_bytes = static_cast<std::size_t>(values.at("buffer_mib")) << 20;
  const std::size_t elements = buffer_bytes / sizeof(float);
  const bool wide = static_cast<int>(values.at("width")) == kFloat4;
  const std::size_t per_thread = wide ? 4 : 1;  // floats a thread copies each time round its loop
  const auto& copy_kernel = wide ? copy_array_float4 : copy_array;
  const DeviceFacts& facts = device.facts();
  // One trip round the loop per thread where the grid allows it: on a GPU
  // as fast as any grid, and on the emulator, which runs a block's threads one after another, it
  // walks memory in order instead of jumping a grid's width at every step.
  const unsigned blocks = static_cast<unsigned>(std::max<std::size_t>(
      1, std::min<std::size_t>((elements / per_thread + kThreadsPerBlock - 1) / kThreadsPerBlock, facts.max_grid_dim[0])));
  const LaunchConfig config{Dim3(blocks), Dim3(kThreadsPerBlock)};
  run->results["buffer_bytes"] = buffer_bytes;
  run->results["elements"] = elements;
  run->results["launch"] = config.str();
  run->results["kernel"] = copy_kernel.name();

  // Two buffers must fit: say so in words before touching anything.
  const std::size_t free_bytes = device.free_memory();
  if (2 * buffer_bytes > free_bytes) {
    run->status = Status::error(
        StatusCode::out_of_memory,
        say("this step needs two buffers of {} ({} in all) and {} has {} free: choose a smaller size",
            bytes_in_words(double(buffer_bytes)), bytes_in_words(2.0 * double(buffer_bytes)),
            facts.is_gpu() ? "the GPU" : "the emulator", bytes_in_words(double(free_bytes))));
    return;
  }
  // And the host's copies of them: the input, and one buffer that receives each copy to check it.
  if (run->status = check_host_room(device, 2 * buffer_bytes, 2 * buffer_bytes); !run->status.ok()) return;

  const std::vector<float> input = random_inputs(elements, 3);
  std::vector<float> output(elements);
  const RepeatPolicy policy = repeat_policy(device);
  Timing kernel{std::string(copy_kernel.name()) + " kernel"}, library{"library copy (cudaMemcpy, device to device)"};
  std::size_t kernel_wrong = 0, library_wrong = 0;
  // Believe no figure of a copy that copied wrong.
  auto count_wrong = [&] {
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < elements; ++i) wrong += std::memcmp(&input[i], &output[i], sizeof(float)) != 0;
    return wrong;
  };
  run->status = [&]() -> Status {
    Buffer<float> in, out;
    CUDALAB_RETURN_IF_ERROR(Buffer<float>::from_host(device, input, &in));
    CUDALAB_RETURN_IF_ERROR(Buffer<float>::create(device, elements, &out));
    CUDALAB_RETURN_IF_ERROR(time_on_device(
        device, [&] { return launch(device, copy_kernel, config, in.data(), out.data(), elements); }, policy, control,
        &kernel));
    CUDALAB_RETURN_IF_ERROR(out.download(output));
    kernel_wrong = count_wrong();
    // The library's copy, for comparison: the best a plain copy gets on this device. It writes into
    // a cleared `out`, and is checked like the kernel.
    CUDALAB_RETURN_IF_ERROR(out.zero());
    CUDALAB_RETURN_IF_ERROR(time_on_device(
        device, [&] { return device.copy_device_to_device(out.data(), in.data(), buffer_bytes); }, policy, control,
        &library));
    CUDALAB_RETURN_IF_ERROR(out.download(output));
    library_wrong = count_wrong();
    return Status::success();
  }();
  if (!run->status.ok()) return;

  run->results["elements_wrong"] = kernel_wrong + library_wrong;
  if (kernel_wrong + library_wrong != 0) {
    run->status = Status::error(StatusCode::internal,
                                say("of {} elements, {} got {} wrong and the library copy {}", elements,
                                    copy_kernel.name(), kernel_wrong, library_wrong));
    return;
  }
  // Each element is read once and written once.
  const double bytes_moved = 2.0 * double(buffer_bytes);
  run->results["bytes_moved"] = bytes_moved;
  run->results["mib_moved"] = bytes_moved / double(1 << 20);
  run->results["kernel_ms"] = kernel.ms;
  run->results["kernel_gbs"] = gigabytes_per_second(bytes_moved, kernel.ms);
  run->results["library_ms"] = library.ms;
  run->results["library_gbs"] = gigabytes_per_second(bytes_moved, library.ms);
  const double theoretical = facts.theoretical_bandwidth_gbs();
  run->results["theoretical_gbs"] = theoretical;
  run->results["fraction_of_theoretical"] = theoretical > 0 ? run->results["kernel_gbs"].get<double>() / theoretical : 0.0;
  run->timings = {kernel, library};
}

std::vector<View> bandwidth_views(const Run& run) {
  const double kernel_gbs = run.results.value("kernel_gbs", 0.0);
  const double library_gbs = run.results.value("library_gbs", 0.0);
  const double theoretical = run.results.value("theoretical_gbs", 0.0);
  const double buffer_bytes = run.results.value("buffer_bytes", 0.0);
  const TimingSource source = run.timings.empty() ? TimingSource::host_clock : run.timings[0].source;
  const bool gpu = run.device.is_gpu();

  ChartView chart;
  chart.title = gpu ? "Global memory bandwidth (GB/s): measured against the datasheet"
                    : "Memory bandwidth of this CPU through the emulator (GB/s) — a CPU figure, not a GPU one";
  chart.kind = ChartView::Kind::bar;
  chart.x_label = "";
  chart.y_label = "GB/s";
  const std::string kernel_name = run.results.value("kernel", std::string("copy_array"));
  chart.categories = {kernel_name, gpu ? "cudaMemcpy device to device" : "memmove (the emulator's copy)"};
  ChartView::Series measured{"measured", {0, 1}, {kernel_gbs, library_gbs}};
  if (theoretical > 0) {
    chart.categories.push_back("theoretical");
    measured.x.push_back(2);
    measured.y.push_back(theoretical);
  }
  chart.series.push_back(std::move(measured));

  FactsView facts;
  facts.title = "What the run measured";
  facts.facts = {
      {"buffer", say("{} ({} floats)", bytes_in_words(buffer_bytes), run.results.value("elements", 0.0))},
      {"bytes moved per copy", say("{} (each element read once, written once)",
                                   bytes_in_words(run.results.value("bytes_moved", 0.0)))},
      {"launch", kernel_name + run.results.value("launch", std::string())},
      {kernel_name, say("{} → {}", milliseconds_in_words(run.results.value("kernel_ms", 0.0)),
                                bandwidth_in_words(kernel_gbs))},
      {gpu ? "library copy" : "the emulator's memmove",
       say("{} → {}", milliseconds_in_words(run.results.value("library_ms", 0.0)), bandwidth_in_words(library_gbs))},
  };
  if (theoretical > 0)
    facts.facts.push_back({"theoretical (memory clock × bus width × 2)",
                           say("{}: the kernel reached {:.0f} %", bandwidth_in_words(theoretical),
                               100.0 * run.results.value("fraction_of_theoretical", 0.0))});
  else
    facts.facts.push_back({"theoretical", "not known for the emulator: these are this CPU's memory speeds"});
  if (!run.timings.empty())
    facts.facts.push_back({"timed with", say("{}, median of {}", timing_label(source), run.timings[0].repeats)});

  CodeView code;
  code.title = "Counting the bytes";
  code.text = fmt::format(
      "size_t n = {:.0f};                        // floats in each buffer\n"
      "{}{}(in, out, n);\n"
      "double bytes = 2.0 * n * sizeof(float);   // one read + one write per element\n"
      "double gb_per_s = bytes / seconds / 1e9;\n",
      run.results.value("elements", 0.0), kernel_name, run.results.value("launch", std::string()));
  code.highlight = {3};
  return views_of(std::move(chart), std::move(facts), std::move(code));
}

}  // namespace cudalab::lessons::memory
