// outcome_of_check (worker/sandboxed_check.h): a check's Run read into its verdict and the line
// saying which sandbox held, as `cudalab check`, `bench exercises` and the exercise pane read it.
#include <gtest/gtest.h>

#include "cudalab/run.h"
#include "exercises/verdict.h"
#include "worker/sandboxed_check.h"

namespace ex = cudalab::lessons::exercises;
using cudalab::app::worker::outcome_of_check;
using LabRun = cudalab::Run;  // gtest's Test::Run() would hide the plain name inside TEST bodies

namespace {

LabRun run_with_verdict(ex::VerdictKind kind, const std::string& device) {
  ex::Verdict verdict;
  verdict.kind = kind;
  verdict.exercise = "guard";
  verdict.headline = cudalab::lessons::Message::text("Wrong result in test 2 of 5");
  verdict.device = device;
  LabRun run;
  run.lesson = "exercise:guard";
  run.device.name = "CPU emulator";
  run.results["verdict"] = ex::to_json(verdict);
  return run;
}

TEST(OutcomeOfCheck, TheVerdictNamesTheRunsDeviceWhereItNamesNone) {
  const auto outcome = outcome_of_check(run_with_verdict(ex::VerdictKind::wrong_result, ""), "guard");
  EXPECT_EQ(outcome.verdict.kind, ex::VerdictKind::wrong_result);
  EXPECT_EQ(outcome.verdict.headline.english(), "Wrong result in test 2 of 5");
  EXPECT_EQ(outcome.verdict.device, "CPU emulator");
}

TEST(OutcomeOfCheck, AVerdictsOwnDeviceStands) {
  EXPECT_EQ(outcome_of_check(run_with_verdict(ex::VerdictKind::wrong_result, "NVIDIA H200"), "guard").verdict.device,
            "NVIDIA H200");
}

TEST(OutcomeOfCheck, SaysWhichSandboxHeldWhenTheRunSays) {
  LabRun run = run_with_verdict(ex::VerdictKind::wrong_result, "");
  EXPECT_EQ(outcome_of_check(run, "guard").sandbox, "");
  run.results["sandbox"] = 3;  // not a line: nothing said
  EXPECT_EQ(outcome_of_check(run, "guard").sandbox, "");
  run.results["sandbox"] = "sandbox: namespaces, new root, seccomp";
  EXPECT_EQ(outcome_of_check(run, "guard").sandbox, "sandbox: namespaces, new root, seccomp");
}

TEST(OutcomeOfCheck, ARunThatNeverSaidIsJudgedByItsStatus) {
  LabRun run;
  run.device.name = "CPU emulator";
  run.status = cudalab::Status::error(cudalab::StatusCode::timeout, "the check ran past its time limit");
  const auto outcome = outcome_of_check(run, "guard");
  EXPECT_EQ(outcome.verdict.kind, ex::VerdictKind::timed_out);
  EXPECT_EQ(outcome.verdict.device, "CPU emulator");
}

TEST(OutcomeOfCheck, AnUnconfirmedPassOfNoKnownExerciseCannotBeChecked) {
  const auto outcome = outcome_of_check(run_with_verdict(ex::VerdictKind::passed, ""), "no_such_exercise");
  EXPECT_EQ(outcome.verdict.kind, ex::VerdictKind::cannot_run);
  EXPECT_EQ(outcome.sandbox, "");
}

}  // namespace
