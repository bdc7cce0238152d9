#pragma once
// One student's check, as the app's exercise pane and `cudalab check` run it: in a fresh
// sandboxed worker (sandbox/sandbox.h) that opens the backend, checks, and ends with everything
// the submission started. A pass on a GPU is then checked again on the emulator, whose checks
// (data races, barriers, bounds, each thread's accesses) see what a GPU's schedule hides, and so
// is a kernel fault, which a GPU cannot place (the emulator names the element out of bounds): the
// Run keeps that second run in results["emulator_check"], and verdict_of_run weighs both.
#include <chrono>
#include <functional>
#include <string>

#include "cudalab/run.h"
#include "exercises/verdict.h"
#include "lesson.h"
#include "worker/worker_client.h"

namespace cudalab::app::worker {

struct CheckRequest {
  std::string executable;  // the cudalab binary ("" = this process's)
  BackendOpening opening;
  std::string exercise, source;
  std::chrono::milliseconds time_limit{10'000};  // the tests', from when the submission compiled
  std::chrono::milliseconds compile_limit{0};    // 0: WorkerClient's default
};

// `track` (optional) is told each worker client while it checks (and nullptr after), so that
// another thread can abandon it. The Run's results["sandbox"] says which sandbox held.
Run check_in_sandbox(const CheckRequest& request, lessons::RunControl& control,
                     const std::function<void(WorkerClient*)>& track = {});

// What a check came to, read from its Run (sandboxed or not): the verdict (verdict_of_run: a pass
// confirmed against the evidence, a GPU's weighed against the emulator's run), naming the Run's
// device where the verdict names none; and the line that says which sandbox held ("" where the
// Run does not say). The verdict is English data: translated when shown.
struct CheckOutcome {
  lessons::exercises::Verdict verdict;
  std::string sandbox;
};
CheckOutcome outcome_of_check(const Run& run, const std::string& exercise);
// check_in_sandbox, then outcome_of_check: one submission from its text to its verdict.
CheckOutcome check_exercise(const CheckRequest& request, lessons::RunControl& control);

}  // namespace cudalab::app::worker
