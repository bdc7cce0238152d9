#include "worker/sandboxed_check.h"

#include "exercises/checker.h"


namespace cudalab::app::worker {
namespace {

Run check_once(const CheckRequest& request, BackendOpening opening, lessons::RunControl& control,
               const std::function<void(WorkerClient*)>& track) {
  WorkerClient client(request.executable, /*sandboxed=*/true);
  if (request.compile_limit.count() > 0) client.compile_limit = request.compile_limit;
  if (track) track(&client);
  Run run;
  DeviceFacts facts;
  if (Status s = client.open(opening, nullptr, &facts); !s.ok()) {
    run.status = s;
  } else {
    run = client.check(request.exercise, request.source, control, request.time_limit);
  }
  if (track) track(nullptr);
  if (run.lesson.empty()) run.lesson = lessons::exercises::check_run_label(request.exercise);  // stopped before it said
  if (run.device.name.empty()) run.device = facts;
  if (!client.sandbox_line().empty()) run.results["sandbox"] = client.sandbox_line();
  return run;
}

}  // namespace

Run check_in_sandbox(const CheckRequest& request, lessons::RunControl& control,
                     const std::function<void(WorkerClient*)>& track) {
  // Host code is checked on the emulator, whose runtime records every call (exercises/host_check.h).
  const lessons::exercises::Exercise* exercise = lessons::exercises::find_exercise(request.exercise);
  if (exercise != nullptr && exercise->kind == lessons::exercises::ExerciseKind::host)
    return check_once(request, {BackendRequest::emulator, 0}, control, track);
  Run run = check_once(request, request.opening, control, track);
  if (!run.device.is_gpu() || control.cancel) return run;
  // A pass the GPU's schedule may have made, or a fault the GPU cannot place: the emulator's
  // checks (bounds, races, barriers) look again, in a worker of their own.
  const lessons::exercises::VerdictKind kind = lessons::exercises::verdict_of_run(run, request.exercise).kind;
  if (kind != lessons::exercises::VerdictKind::passed && kind != lessons::exercises::VerdictKind::kernel_fault) return run;
  const Run emulated = check_once(request, {BackendRequest::emulator, 0}, control, track);
  run.results["emulator_check"] = to_json(emulated);
  return run;
}

CheckOutcome outcome_of_check(const Run& run, const std::string& exercise) {
  CheckOutcome outcome;
  outcome.verdict = lessons::exercises::verdict_of_run(run, exercise);
  if (outcome.verdict.device.empty()) outcome.verdict.device = run.device.name;
  if (const auto line = run.results.find("sandbox"); line != run.results.end() && line->is_string())
    outcome.sandbox = line->get<std::string>();
  return outcome;
}

CheckOutcome check_exercise(const CheckRequest& request, lessons::RunControl& control) {
  return outcome_of_check(check_in_sandbox(request, control), request.exercise);
}

}  // namespace cudalab::app::worker
