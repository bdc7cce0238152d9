// Chapter 1, step 2: the launch is asynchronous. A kernel keeps the device busy for a chosen time;
// the host reads its steady clock right after launch() returns and again after synchronize().
//
// Why the answer goes to page-locked host memory: copying a device buffer back (cudaMemcpy, our
// copy_to_host) waits for the kernel first, so it could never show "not there yet". Page-locked
// memory can be read by the host at any moment while the kernel writes it: on a GPU (unified
// addressing makes cudaHostAlloc memory usable by kernels) and on the emulator (it is host memory).
#include <algorithm>
#include <chrono>

#include <fmt/format.h>

#include "cudalab/buffer.h"
#include "cudalab/trace.h"
#include "hello_steps.h"
#include "kernels.h"
#include "text/say.h"

namespace cudalab::lessons::hello {
namespace {

using HostClock = std::chrono::steady_clock;

double microseconds_between(HostClock::time_point from, HostClock::time_point to) {
  return std::chrono::duration<double, std::micro>(to - from).count();
}

// What the host sees in the answer's memory right now, without waiting for anything.
int peek(const PinnedBuffer<int>& answer) { return *static_cast<volatile const int*>(answer.data()); }

constexpr int kNoAnswerYet = 0;

}  // namespace

Step async_step() {
  Param spin{"spin_us", "Kernel works for (µs)", Param::Kind::integer, 10, 100000, 2000};
  spin.log_scale = true;
  spin.help = "How long the kernel keeps the device busy, by the device's own clock.";
  Param wait{"synchronize", "cudaDeviceSynchronize() before reading", Param::Kind::toggle, 0, 1, 1};
  wait.help = "Off: the host reads the answer right after the launch returns, without waiting.";
  Step step{"Asynchronous launch", {spin, wait}};
  step.kernels = {"spin_then_answer"};
  step.prediction = Prediction{
      .question = "The kernel works for {spin_us} µs. When does the launch return to the host?",
      .kind = Prediction::Kind::choice,
      .choices = {"After the kernel has finished", "Before the kernel has finished"},
      .answer_key = "launch_returned_before_kernel_finished"};
  return step;
}

void run_async(const ParamValues& values, Device& device, RunControl&, Run* run) {
  const auto spin_us = static_cast<unsigned>(values.at("spin_us"));
  const bool wait_before_reading = values.at("synchronize") != 0;
  const LaunchConfig config{Dim3(1), Dim3(1)};
  run->results["spin_us"] = spin_us;
  run->results["synchronize"] = wait_before_reading;
  run->results["launch"] = config.str();

  run->status = [&]() -> Status {
    TraceBuffer trace;
    CUDALAB_RETURN_IF_ERROR(TraceBuffer::create(device, 2, &trace));
    PinnedBuffer<int> answer;
    CUDALAB_RETURN_IF_ERROR(PinnedBuffer<int>::create(device, 1, &answer));
    // One untimed launch first: the first launch of a kernel in a process also loads it (a GPU
    // loads modules lazily; the emulator starts its workers). That one-time cost is not what this
    // step is about, and the lesson text says the launch was warmed up.
    CUDALAB_RETURN_IF_ERROR(launch(device, spin_then_answer, config, 0u, answer.data(), Trace{}));
    CUDALAB_RETURN_IF_ERROR(device.synchronize());
    answer.data()[0] = kNoAnswerYet;

    const HostClock::time_point launch_called = HostClock::now();
    CUDALAB_RETURN_IF_ERROR(launch(device, spin_then_answer, config, spin_us, answer.data(), trace.handle()));
    const HostClock::time_point launch_returned = HostClock::now();

    int answer_read = kNoAnswerYet;
    HostClock::time_point answer_read_at;
    if (!wait_before_reading) {
      answer_read = peek(answer);
      answer_read_at = HostClock::now();
    }
    // Always wait before leaving: the kernel writes into `answer`, which must outlive it.
    const Status synchronized = device.synchronize();
    const HostClock::time_point wait_returned = HostClock::now();
    CUDALAB_RETURN_IF_ERROR(synchronized);
    if (wait_before_reading) {
      answer_read = peek(answer);
      answer_read_at = HostClock::now();
    }

    run->results["launch_returned_us"] = microseconds_between(launch_called, launch_returned);
    run->results["wait_returned_us"] = microseconds_between(launch_called, wait_returned);
    run->results["answer_read_us"] = microseconds_between(launch_called, answer_read_at);
    run->results["answer_read"] = answer_read;
    run->results["answer_after_wait"] = peek(answer);
    run->timings.push_back({"launch() returned", microseconds_between(launch_called, launch_returned) / 1000.0,
                            TimingSource::host_clock});
    run->timings.push_back({"synchronize() returned", microseconds_between(launch_called, wait_returned) / 1000.0,
                            TimingSource::host_clock});
    return trace.read(&run->trace, &run->trace_overflow);
  }();
  if (!run->status.ok()) return;

  // The kernel's own account of how long it worked, on the device's clock.
  std::uint64_t started_ns = 0, ended_ns = 0;
  for (const TraceEvent& e : run->trace) {
    if (e.kind == kSpinStarted) started_ns = e.time_ns;
    if (e.kind == kSpinEnded) ended_ns = e.time_ns;
  }
  if (started_ns == 0 || ended_ns < started_ns) {
    run->status = Status::error(StatusCode::internal, "the kernel did not record its start and end");
    return;
  }
  const double kernel_us = static_cast<double>(ended_ns - started_ns) / 1000.0;
  run->results["kernel_us"] = kernel_us;
  // The kernel cannot have started before launch() was called, and it worked for kernel_us: if
  // launch() returned sooner than that, it returned before the kernel finished.
  run->results["launch_returned_before_kernel_finished"] = run->results["launch_returned_us"].get<double>() < kernel_us;
}

std::vector<View> async_views(const Run& run) {
  const bool waited = run.results.value("synchronize", true);
  const double launch_returned_us = run.results.value("launch_returned_us", 0.0);
  const double wait_returned_us = run.results.value("wait_returned_us", 0.0);
  const double answer_read_us = run.results.value("answer_read_us", 0.0);
  const double kernel_us = run.results.value("kernel_us", 0.0);
  const int answer_read = run.results.value("answer_read", 0);
  const std::string device_clock = run.device.is_gpu() ? "%globaltimer" : "the emulator's steady clock";

  TimelineView timeline;
  timeline.title = "Host and device, from the moment launch() was called";
  timeline.rows = {"host", run.device.is_gpu() ? "device (GPU)" : "device (CPU emulator)"};
  timeline.bars.push_back({0, 0.0, launch_returned_us, 0, "launch()",
                           say("launch() returned after {}", microseconds_in_words(launch_returned_us, 3))});
  const double wait_started_us = waited ? launch_returned_us : answer_read_us;
  timeline.bars.push_back(
      {0, wait_started_us, wait_returned_us, 1, waited ? "cudaDeviceSynchronize() waits" : "clean-up wait",
       waited ? "The host does nothing until the device says the kernel is done."
              : "The lesson waits only after reading, so the kernel can finish before its memory is freed."});
  // The host learns that the kernel ended only when synchronize() returns, so the kernel's bar ends
  // there; its length is the kernel's own measurement.
  timeline.bars.push_back({1, std::max(0.0, wait_returned_us - kernel_us), wait_returned_us, 2,
                           "spin_then_answer",
                           say("The kernel worked for {} by {}. It is drawn ending where synchronize() "
                               "returned: that is when the host learned it was over.",
                               microseconds_in_words(kernel_us, 3), device_clock)});
  timeline.markers = {
      {launch_returned_us, say("launch returned after {}", microseconds_in_words(launch_returned_us, 3))},
      {answer_read_us, say("host reads the answer: {}", answer_read)},
      {wait_returned_us, say("kernel finished, synchronize returned after {}",
                             microseconds_in_words(wait_returned_us, 3))},
  };

  FactsView facts;
  facts.title = "What the host saw";
  facts.facts = {
      {"launch() returned after", say("{} (its second launch: the first loads it)", microseconds_in_words(launch_returned_us, 3))},
      {"the kernel worked for", say("{} ({})", microseconds_in_words(kernel_us, 3), device_clock)},
      {"synchronize() returned after", microseconds_in_words(wait_returned_us, 3)},
      {waited ? "answer read after waiting" : "answer read without waiting",
       answer_read == 42 ? say("{} — the kernel had finished", 42)
                         : say("{} — not there yet: the kernel was still running", answer_read)},
  };
  if (!waited) facts.facts.push_back({"answer once the host waited", std::to_string(run.results.value("answer_after_wait", 0))});

  CodeView code;
  code.title = "The host's side";
  code.text = waited ? "spin_then_answer<<<1, 1>>>(microseconds, answer);  // returns at once\n"
                       "cudaDeviceSynchronize();                           // waits for the kernel\n"
                       "printf(\"%d\\n\", *answer);                          // 42\n"
                     : "spin_then_answer<<<1, 1>>>(microseconds, answer);  // returns at once\n"
                       "printf(\"%d\\n\", *answer);                          // read too early\n"
                       "cudaDeviceSynchronize();\n";
  code.highlight = {2};
  return views_of(std::move(timeline), std::move(facts), std::move(code));
}

}  // namespace cudalab::lessons::hello
