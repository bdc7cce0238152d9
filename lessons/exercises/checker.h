#pragma once
// Checks a student's kernel: rewrite its pointers to the probe's (signature.h), compile it for
// the device (jit.h), run every test of the exercise, and judge what came back — the outputs
// against the CPU reference, the probe's record of out-of-bounds accesses, each thread's reads
// and writes against the exercise's limits. Runs in the worker process: a kernel that hangs or
// crashes takes the worker with it, never the app (the worker's client turns that into a verdict).
#include <functional>
#include <string>
#include <string_view>

#include "cudalab/device.h"
#include "cudalab/run.h"
#include "exercises/evidence.h"
#include "exercises/exercise.h"
#include "exercises/verdict.h"

namespace cudalab::lessons::exercises {

// `evidence` (optional) gets each test's outputs, for the process that confirms the verdict.
// `before_run` (optional) is called once the submission compiled, before its first test runs:
// the sandboxed worker seals the run phase there (app/sandbox/sandbox.h). `on_test` (optional)
// is told each test's index as it starts, so that a crash or a hang can name the test.
Verdict check_submission(const Exercise& exercise, std::string_view source, Device& device,
                         CheckEvidence* evidence = nullptr, const std::function<void()>& before_run = {},
                         const std::function<void(int)>& on_test = {});

// A check crosses the worker protocol as a Run (app/worker/messages.h): its lesson is
// check_run_label(exercise), results["verdict"] the verdict and results["evidence"] the outputs
// that confirm a pass (evidence.h); its status says why there is no verdict (no such exercise, no
// device). The one producer of that Run, for the worker and for a check in this process. `kind`,
// when given, gets the verdict's kind (cannot_run when there is none).
struct CheckHooks {
  std::function<void()> before_run;   // check_submission's
  std::function<void(int)> on_test;   // check_submission's
};
Run check_as_run(const std::string& exercise_id, std::string_view source, Device* device, const CheckHooks& hooks = {},
                 VerdictKind* kind = nullptr);
// "exercise:map": how a check's Run names what it checked.
std::string check_run_label(std::string_view exercise_id);
// The exercise a check's Run checked, or "" when the Run is a step's.
std::string exercise_of_check_run(const Run& run);

// Files larger than this are refused before compiling ("1 MB of junk").
constexpr std::size_t kMaxSourceBytes = 256 * 1024;

}  // namespace cudalab::lessons::exercises
