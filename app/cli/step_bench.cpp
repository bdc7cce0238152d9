#include "cli/step_bench.h"

#include <ostream>
#include <string>

#include <fmt/format.h>

#include "cli/every_step.h"

namespace cudalab::app {

int run_step_bench(std::ostream& out, BackendRequest backend) {
  auto lessons = lessons::make_lessons();
  auto host = worker::make_worker_host();
  DeviceFacts facts;
  if (Status s = host->open({backend, 0}, nullptr, &facts); !s.ok()) {
    out << "cudalab: " << s.describe() << "\n";
    return 2;
  }
  constexpr double kGoalSeconds = 2;  // issue #32: every step's default run within two seconds
  out << fmt::format("Every step at its defaults on {} (each run in the worker, as in the window)\n\n", facts.label());
  out << fmt::format("  {:<10} {:>4}  {:<42} {:>8}\n", "chapter", "step", "title", "seconds");
  int steps = 0, failed = 0, over = 0;
  double total = 0;
  StepRun slowest;
  run_every_step(*host, facts, lessons, "", [&](const StepRun& done) {
    ++steps;
    total += done.seconds;
    over += done.seconds > kGoalSeconds;
    if (done.seconds > slowest.seconds) slowest = {done.lesson, done.step, done.title, {}, done.seconds};
    const bool ok = done.run.status.ok();
    failed += !ok;
    out << fmt::format("  {:<10} {:>4}  {:<42} {:>8.2f}{}\n", done.lesson->id(), done.step + 1, done.title.substr(0, 42),
                       done.seconds, ok ? (done.seconds > kGoalSeconds ? "  over 2 s" : "") : "  FAILED: " + done.run.status.describe());
  });
  out << fmt::format("\n{} steps in {:.1f} s; slowest {} step {} ({:.2f} s); {} over {} s; {} failed\n", steps, total,
                     slowest.lesson != nullptr ? slowest.lesson->id() : "-", slowest.step + 1, slowest.seconds, over,
                     kGoalSeconds, failed);
  return failed == 0 ? 0 : 1;
}

}  // namespace cudalab::app
