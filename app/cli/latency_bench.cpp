#include "cli/latency_bench.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <vector>

#include "cudalab/timing.h"
#include "lesson.h"
#include "worker/step_host.h"

namespace cudalab::app {
namespace {

using Clock = std::chrono::steady_clock;

struct Probe {
  const char* chapter;
  int step;  // 0-based
};
// Small steps a teacher drags sliders on, and one with a large trace (the 2D grid's cells).
constexpr Probe probes[] = {{"hello", 0}, {"threads", 0}, {"threads", 2}, {"matmul", 0}, {"tiles", 0}};

}  // namespace

int run_latency_bench(std::ostream& out, BackendRequest backend, int repeats) {
  auto lessons = lessons::make_lessons();
  auto in_process = worker::make_in_process_host([] { return list_backends(); },
                                                 [](BackendRequest request, int gpu, std::unique_ptr<Device>* device) {
                                                   return open_device(request, device, gpu);
                                                 });
  auto in_worker = worker::make_worker_host();
  DeviceFacts facts, worker_facts;
  for (auto* host : {in_process.get(), in_worker.get()}) {
    if (Status s = host->open({backend, 0}, nullptr, host == in_process.get() ? &facts : &worker_facts); !s.ok()) {
      out << "cannot open the backend: " << s.describe() << "\n";
      return 1;
    }
  }
  out << fmt::format("Slider latency: request → Run → pictures, median of {} runs, on {}\n\n", repeats, facts.label());
  out << fmt::format("{:<26} {:>14} {:>14} {:>10} {:>12}\n", "step", "in process ms", "worker ms", "added ms", "Run JSON KiB");
  int status = 0;
  for (const Probe& probe : probes) {
    lessons::StepSelection target;
    if (!lessons::select_step(lessons, probe.chapter, probe.step, {}, &target).ok()) continue;
    const int chapter = static_cast<int>(
        std::find_if(lessons.begin(), lessons.end(), [&](const auto& l) { return l.get() == target.lesson; }) -
        lessons.begin());
    double times[2] = {0, 0};
    std::size_t json_bytes = 0;
    for (int h = 0; h < 2; ++h) {
      worker::StepHost& host = h == 0 ? *in_process : *in_worker;
      std::vector<double> samples;
      for (int r = 0; r < repeats + 1; ++r) {  // the first run warms caches and the worker
        lessons::RunControl control;
        const auto started = Clock::now();
        Run run = host.run(*target.lesson, chapter, target.step, target.values, control,
                           worker::time_limit_of(*target.lesson, target.step));
        auto views = target.lesson->views(target.step, run);
        const double ms = std::chrono::duration<double, std::milli>(Clock::now() - started).count();
        if (!run.status.ok()) {
          out << fmt::format("{} step {}: {}\n", probe.chapter, probe.step + 1, run.status.describe());
          status = 1;
          break;
        }
        if (r > 0) samples.push_back(ms);
        if (h == 1) json_bytes = to_json(run).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace).size();
      }
      times[h] = median(samples);
    }
    out << fmt::format("{:<26} {:>14.2f} {:>14.2f} {:>10.2f} {:>12.1f}\n",
                       fmt::format("{} step {}", probe.chapter, probe.step + 1), times[0], times[1], times[1] - times[0],
                       static_cast<double>(json_bytes) / 1024.0);
  }
  out << "\nBoth columns run the same lesson code on the same backend; the worker column adds the\n"
         "Run's trip through the worker process as JSON. Times are wall-clock on this machine.\n";
  return status;
}

}  // namespace cudalab::app
