#pragma once
// Checking kernels through the real executable's worker, as the app and `cudalab check` do.
#include <filesystem>
#include <string>
#include <vector>

#include "exercises/exercise.h"
#include "exercises/verdict.h"
#include "worker/worker_client.h"

namespace cudalab::exercise_tests {

namespace ex = lessons::exercises;

// A warm worker with `request` open; checks reuse it (a timed-out check starts a fresh one).
class Checker {
 public:
  explicit Checker(BackendRequest request);
  bool opened() const { return opened_.ok(); }
  const Status& open_status() const { return opened_; }
  ex::Verdict check(const std::string& exercise, const std::string& source, double time_limit_seconds = 0);

 private:
  app::worker::WorkerClient client_{CUDALAB_EXE};
  Status opened_;
};

// tests/exercises/variants/<exercise>/<verdict>--<what>.cu
struct Variant {
  std::string exercise;
  ex::VerdictKind expected;
  bool emulator_only = false;  // "--emu-only--" in the name: undefined behaviour on a GPU
  // "--gpu-<verdict>--" in the name: what a GPU says instead, where the emulator finds more (a
  // data race the GPU's schedule hides, and then another failure or none).
  ex::VerdictKind gpu_expected = ex::VerdictKind::cannot_run;
  bool gpu_differs = false;
  std::filesystem::path file;
  std::string source;
};
std::vector<Variant> all_variants();

}  // namespace cudalab::exercise_tests

namespace cudalab::exercise_tests {
// The shared bodies of the emulator's and the GPU's tests (gtest EXPECTs inside).
void expect_every_solution_passes(Checker& checker);
void expect_every_starter_fails(Checker& checker);
void expect_variants_get_their_verdicts(Checker& checker, bool on_gpu);
void expect_bad_input_gets_words(Checker& checker);
}  // namespace cudalab::exercise_tests
