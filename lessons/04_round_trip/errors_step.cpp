// Chapter 4, step 5: when a launch goes wrong. The round trip again (d_in → copy_shifted → d_out),
// with one mistake made on purpose, and each CUDA call's answer recorded in order: a launch the
// device cannot run (2048 threads per block, 0 blocks) is refused by the launch itself and nothing
// runs; a kernel that reads past the end of its buffer is accepted, and its fault is reported by
// the next call that waits for it — sticky on a GPU: every later call of that process fails.
//
// The run records what came back; it does not end in an error itself, so the picture shows the
// mistake. After a GPU fault the device's generation changes: the worker process that ran this
// step retires and the next run gets a fresh process and context (app/worker).
#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "cudalab/buffer.h"
#include "kernels.h"
#include "round_trip_steps.h"
#include "text/say.h"

namespace cudalab::lessons::round_trip {
namespace {

constexpr int kElements = 4096;
constexpr unsigned kThreadsPerBlock = 256;
constexpr unsigned kTooManyThreads = 2048;
constexpr float kUntouched = -1.0f;  // what d_out holds before the kernel writes it

// The order of the `mistake` choices.
enum Mistake { none = 0, too_many_threads = 1, no_blocks = 2, read_past_end = 3 };
// The order of the prediction's choices: which call told the program.
enum ReportedBy { by_launch = 0, by_wait = 1, by_no_call = 2 };

// The name CUDA gives what `status` says: cudaSuccess, the cudaError… name the GPU backend quotes,
// or for a configuration the runtime refused before CUDA saw it, the error CUDA returns for it:
// on the H200 with CUDA 13.0 (driver 580), cudaGetLastError() after <<<1, 2048>>> and after
// <<<0, 32>>> both return cudaErrorInvalidValue (many older examples show
// cudaErrorInvalidConfiguration, "invalid configuration argument").
std::string cuda_name(const Status& status) {
  if (status.ok()) return "cudaSuccess";
  if (const auto at = status.message.find("cudaError"); at != std::string::npos) {
    std::size_t end = at;
    while (end < status.message.size() && (std::isalnum(static_cast<unsigned char>(status.message[end])) != 0)) ++end;
    return status.message.substr(at, end - at);
  }
  if (status.code == StatusCode::invalid_config) return "cudaErrorInvalidValue";
  return to_string(status.code);
}

nlohmann::json call_json(std::string call, const Status& status) {
  return {{"call", std::move(call)},
          {"ok", status.ok()},
          {"code", to_string(status.code)},
          {"cuda_error", cuda_name(status)},
          {"message", status.message}};
}

LaunchConfig config_for(Mistake mistake) {
  const unsigned threads = mistake == too_many_threads ? kTooManyThreads : kThreadsPerBlock;
  const unsigned blocks = mistake == no_blocks ? 0 : (kElements + threads - 1) / threads;
  return LaunchConfig{Dim3(blocks), Dim3(threads)};
}

std::string launch_call(const LaunchConfig& config, int shift) {
  return fmt::format("copy_shifted{}(d_in, d_out, n, {})", config.str(), shift);
}

}  // namespace

Step errors_step() {
  Param mistake{"mistake", "What goes wrong", Param::Kind::choice, 0, 3, too_many_threads};
  // Short names: they are typed on the command line (--set mistake=read-past-end).
  mistake.choices = {"none", "too-many-threads", "no-blocks", "read-past-end"};
  mistake.help =
      "too-many-threads: blocks of 2048 threads (the most is 1024). no-blocks: a grid of 0 blocks. "
      "read-past-end: thread i reads in[i + shift], past the end of d_in for the last threads.";
  Param shift{"shift", "Read past the end by (elements)", Param::Kind::integer, 1, 1 << 28, 1 << 28};
  shift.log_scale = true;
  // The emulator's buffers end at a guard page: the first element past the end already faults.
  shift.emulator_default = 1;
  shift.help =
      "read-past-end only: thread i reads in[i + shift]. On a GPU a read just past the end lands in the "
      "allocation's rounding and goes unnoticed; a read far past it faults.";
  Step step{"When a launch goes wrong", {mistake, shift}};
  step.kernels = {"copy_shifted"};
  step.prediction = Prediction{.question = "The mistake: {mistake}. Which call tells the program?",
                               .kind = Prediction::Kind::choice,
                               .choices = {"The launch: cudaGetLastError() right after <<<…>>>",
                                           "The next call that waits: cudaDeviceSynchronize() or cudaMemcpy",
                                           "No call: every call returns cudaSuccess"},
                               .answer_key = "reported_by"};
  return step;
}

void run_errors(const ParamValues& values, Device& device, RunControl& control, Run* run) {
  const auto mistake = static_cast<Mistake>(static_cast<int>(values.at("mistake")));
  const int shift = mistake == read_past_end ? static_cast<int>(values.at("shift")) : 0;
  const LaunchConfig config = config_for(mistake);
  run->results["mistake"] = static_cast<int>(mistake);
  run->results["shift"] = shift;
  run->results["elements"] = kElements;
  run->results["launch"] = config.str();
  const std::uint64_t generation = device.generation();

  std::vector<float> input(kElements);
  for (int i = 0; i < kElements; ++i) input[static_cast<std::size_t>(i)] = static_cast<float>(i);
  std::vector<float> output(kElements, kUntouched);
  Buffer<float> d_in, d_out;
  if (run->status = Buffer<float>::from_host(device, std::span<const float>(input), &d_in); !run->status.ok()) return;
  if (run->status = Buffer<float>::from_host(device, std::span<const float>(output), &d_out); !run->status.ok()) return;

  // What the student sees while the kernel runs — and, on the emulator, what stays on screen when
  // the read past the end stops the worker process before the run can say more.
  run->results["calls"] = nlohmann::json::array();
  run->results["stage"] = "launching";
  control.publish(*run);

  nlohmann::json calls = nlohmann::json::array();
  const Status launched =
      launch(device, copy_shifted, config, static_cast<const float*>(d_in.data()), d_out.data(), kElements, shift);
  calls.push_back(call_json(launch_call(config, shift) + " + cudaGetLastError()", launched));
  const Status waited = device.synchronize();
  calls.push_back(call_json("cudaDeviceSynchronize()", waited));
  const Status copied = d_out.download(output);
  nlohmann::json copy_call = call_json("cudaMemcpy(h_out, d_out, n * sizeof(float), cudaMemcpyDeviceToHost)", copied);
  if (waited.device_was_reset && !copied.ok()) {
    // CUDA Lab reset the GPU after the fault, so its own copy fails for that reason. A plain program
    // keeps the broken context, and every later call returns the fault again (measured on the H200:
    // cudaMemcpy and cudaMalloc both return cudaErrorIllegalAddress): show that name.
    copy_call["cuda_error"] = cuda_name(waited);
  }
  calls.push_back(std::move(copy_call));

  ReportedBy reported = by_no_call;
  if (!launched.ok())
    reported = by_launch;
  else if (!waited.ok() || !copied.ok())
    reported = by_wait;
  run->results["reported_by"] = static_cast<int>(reported);

  if (copied.ok()) {
    int written = 0, right = 0, past_end = 0;
    for (int i = 0; i < kElements; ++i) {
      const float value = output[static_cast<std::size_t>(i)];
      if (value != kUntouched) ++written;
      if (static_cast<long long>(i) + shift >= kElements)
        ++past_end;
      else if (value == static_cast<float>(i + shift))
        ++right;
    }
    run->results["elements_written"] = written;
    run->results["elements_right"] = right;
    run->results["elements_read_past_end"] = launched.ok() ? past_end : 0;
  }
  if (!launched.ok()) {
    // A configuration error belongs to that launch alone: the next launch of this process works.
    const LaunchConfig good = config_for(none);
    Status again =
        launch(device, copy_shifted, good, static_cast<const float*>(d_in.data()), d_out.data(), kElements, 0);
    if (again.ok()) again = device.synchronize();
    calls.push_back(call_json(launch_call(good, 0) + " + cudaGetLastError() + cudaDeviceSynchronize()", again));
    run->results["next_launch_ok"] = again.ok();
  }
  run->results["calls"] = std::move(calls);
  // A fault on a GPU cost this process its context (the device was reset under it).
  run->results["context_lost"] = device.generation() != generation;
  run->results["stage"] = "done";
}

std::vector<View> errors_views(const Run& run) {
  const bool gpu = run.device.is_gpu();
  const int mistake = run.results.value("mistake", 0);
  const int shift = run.results.value("shift", 0);
  const int elements = run.results.value("elements", kElements);
  const std::string launch = run.results.value("launch", std::string());
  const bool done = run.results.value("stage", std::string()) == "done";
  const auto calls = run.results.value("calls", nlohmann::json::array());

  FactsView facts;
  facts.title = "What the program was told";
  switch (mistake) {
    case too_many_threads:
      facts.facts.push_back({"the mistake", say("blocks of {} threads: copy_shifted{} (the most is 1024)",
                                                kTooManyThreads, launch)});
      break;
    case no_blocks:
      facts.facts.push_back({"the mistake", say("a grid of 0 blocks: copy_shifted{}", launch)});
      break;
    case read_past_end:
      facts.facts.push_back(
          {"the mistake", say("thread i reads in[i + {}]: {} of the {} threads read past the end "
                              "of d_in, up to {} beyond it",
                              shift, std::min(shift, elements), elements, bytes_in_words(4.0 * shift))});
      break;
    default:
      facts.facts.push_back({"the mistake", "none: a launch the device can run, every read inside d_in"});
      break;
  }
  if (done) {
    const int reported = run.results.value("reported_by", static_cast<int>(by_no_call));
    facts.facts.push_back({"reported by", reported == by_launch ? "the launch itself, at once (cudaGetLastError)"
                                          : reported == by_wait
                                              ? "the next call that waited for the kernel, not the launch"
                                              : "no call: every call returned cudaSuccess"});
    const int written = run.results.value("elements_written", 0);
    const int right = run.results.value("elements_right", 0);
    const int past_end = run.results.value("elements_read_past_end", 0);
    if (reported == by_launch) {
      facts.facts.push_back(
          {"the kernel",
           say("never ran: d_out still holds the host's -1s ({} of {} elements written)", written, elements)});
      if (run.results.contains("next_launch_ok"))
        facts.facts.push_back({"the next launch", run.results.value("next_launch_ok", false)
                                                      ? "worked: a configuration error is not sticky"
                                                      : "failed too"});
    } else if (reported == by_wait) {
      facts.facts.push_back({"the kernel", "started, and faulted while the host was already past the launch"});
    } else if (past_end > 0) {
      facts.facts.push_back(
          {"the kernel",
           say("finished: {} of {} elements right; {} came from past the end of d_in, whatever that "
               "memory held — compute-sanitizer reports such reads",
               right, elements, past_end)});
    } else {
      facts.facts.push_back({"the kernel", say("finished: {} of {} elements right", right, elements)});
    }
    if (run.results.value("context_lost", false))
      facts.facts.push_back({"this process",
                             "lost its CUDA context: every CUDA call in it fails until it ends. CUDA Lab "
                             "ends the worker process that ran this step; the next run starts a fresh one"});
  } else {
    facts.facts.push_back({"now", "launching the kernel, then waiting for it"});
  }
  if (!gpu && mistake == read_past_end)
    facts.facts.push_back({"on the emulator",
                           "d_in ends at a guard page: the first read past its end stops the worker process at once, "
                           "and the console names the kernel, block, thread and buffer. A GPU does not stop there: "
                           "its launch returns cudaSuccess, the fault (cudaErrorIllegalAddress) comes back from the "
                           "next cudaDeviceSynchronize or cudaMemcpy, and it is sticky: every later CUDA call of that "
                           "process fails"});

  TableView table;
  table.title = "Call by call";
  table.columns = {"call", "returned", "what it tells you"};
  for (std::size_t c = 0; c < calls.size(); ++c) {
    const auto& call = calls[c];
    const bool ok = call.value("ok", false);
    const std::string name = call.value("call", std::string());
    std::string meaning;
    if (c == 0) {
      meaning =
          ok ? "accepted: the kernel runs after this call has returned" : "refused at once: the kernel never started";
    } else if (c == 1) {
      meaning = ok ? (calls[0].value("ok", false) ? "the kernel finished without a fault"
                                                  : "nothing ran, so there is nothing to report")
                   : "the kernel's fault, reported by the first call that waits for it";
    } else if (c == 2) {
      meaning = !ok ? "fails too: the error is sticky"
                : calls[0].value("ok", false)
                    ? "the results came back"
                    : "works, and says nothing of the refused launch: d_out is as the host left it";
    } else {
      meaning = ok ? "a good configuration works at once: the refused launch left nothing behind" : "failed too";
    }
    table.rows.push_back({name, call.value("cuda_error", std::string()), std::move(meaning)});
  }

  CodeView code;
  code.title = "The habit: check the launch, then the wait";
  // The macro's lines end in a column of backslashes, as a formatter would leave them.
  const std::vector<std::string> macro = {
      "#define CUDA_CHECK(call)",
      "  do {",
      "    cudaError_t err_ = (call);",
      "    if (err_ != cudaSuccess) {",
      "      fprintf(stderr, \"%s:%d: %s: %s\\n\", __FILE__, __LINE__, #call,",
      "              cudaGetErrorString(err_));",
      "      exit(EXIT_FAILURE);",
      "    }",
  };
  std::size_t width = 0;
  for (const std::string& line : macro) width = std::max(width, line.size());
  for (const std::string& line : macro) code.text += fmt::format("{:<{}} \\\n", line, width);
  code.text +=
      "  } while (0)\n"
      "\n"
      "copy_shifted<<<blocks, threads>>>(d_in, d_out, n, shift);\n"
      "CUDA_CHECK(cudaGetLastError());       // the launch: a bad configuration, at once\n"
      "CUDA_CHECK(cudaDeviceSynchronize());  // the kernel: a fault inside it, when you wait\n"
      "CUDA_CHECK(cudaMemcpy(h_out, d_out, n * sizeof(float), cudaMemcpyDeviceToHost));\n";
  return views_of(std::move(facts), std::move(table), std::move(code));
}

}  // namespace cudalab::lessons::round_trip
