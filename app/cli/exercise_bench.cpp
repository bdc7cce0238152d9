#include "cli/exercise_bench.h"

#include <algorithm>
#include <chrono>
#include <vector>

#include <fmt/format.h>

#include "cudalab/timing.h"
#include "exercises/exercise.h"
#include "exercises/verdict.h"
#include "worker/sandboxed_check.h"
#include "worker/worker_client.h"

namespace cudalab::app {
namespace {

namespace ex = lessons::exercises;

}  // namespace

int run_exercise_bench(std::ostream& out, BackendRequest backend, int repeats, const std::vector<std::string>& exercises) {
  const std::vector<std::string> ids = exercises.empty() ? std::vector<std::string>{"guard", "dot", "matmul_tiled"} : exercises;
  for (const std::string& id : ids)
    if (ex::find_exercise(id) == nullptr) {
      out << "no exercise " << id << " (see `cudalab exercises`)\n";
      return 2;
    }
  worker::WorkerClient client;
  DeviceFacts facts;
  if (Status s = client.open({backend, 0}, nullptr, &facts); !s.ok()) {
    out << "cannot open the backend: " << s.describe() << "\n";
    return 1;
  }
  out << fmt::format("Edit → verdict on {} ({} checks each after one warm-up; median wall time of the whole check)\n",
                     facts.label(), repeats);
  out << fmt::format("{:<18} {:<26} {:>10} {:>10} {:>10}  {}\n", "exercise", "worker", "verdict ms", "compile ms", "run ms",
                     "verdict");
  // A student's check runs in a fresh sandboxed worker (app/sandbox): started, sandboxed, opened,
  // checked and ended each time; the warm worker (the lessons' steps) shows what that costs.
  for (const std::string& id : ids) {
    const ex::Exercise* exercise = ex::find_exercise(id);
    for (const bool sandboxed : {false, true}) {
      std::vector<double> totals, compiles, runs;
      std::string verdict_words;
      for (int i = 0; i <= repeats; ++i) {
        // A different comment each time: the student's edit, so no compiler or driver cache answers.
        const std::string source = std::string(exercise->solution()) + fmt::format("\n// edit {}\n", i);
        lessons::RunControl control;
        const auto started = std::chrono::steady_clock::now();
        const ex::Verdict verdict =
            sandboxed ? worker::check_exercise({"", {backend, 0}, id, source, std::chrono::seconds(60), {}}, control).verdict
                      : worker::outcome_of_check(client.check(id, source, control, std::chrono::seconds(60)), id).verdict;
        const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
        verdict_words = ex::to_string(verdict.kind);
        if (i == 0) continue;  // the warm-up: the worker's first compile
        totals.push_back(ms);
        compiles.push_back(verdict.compile_seconds * 1000);
        runs.push_back(verdict.run_seconds * 1000);
      }
      out << fmt::format("{:<18} {:<26} {:>10.0f} {:>10.0f} {:>10.1f}  {}\n", id,
                         sandboxed ? "fresh, sandboxed (checks)" : "warm (lesson steps)", median(totals), median(compiles),
                         median(runs), verdict_words);
    }
  }
  return 0;
}

}  // namespace cudalab::app
