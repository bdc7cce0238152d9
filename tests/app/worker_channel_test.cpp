// A worker taken over by a student's code (tests/app/hostile_worker.cpp plays it): whatever it
// sends, the check ends within its limits, in words, and never as a pass it cannot bear out.
#include <stdlib.h>

#include <chrono>

#include <gtest/gtest.h>

#include "exercises/verdict.h"
#include "worker/worker_client.h"

using namespace std::chrono_literals;

namespace cudalab::app::worker {
namespace {

using Clock = std::chrono::steady_clock;
namespace ex = lessons::exercises;

cudalab::Run check_with(const char* attack, std::chrono::milliseconds limit = 20s,
                        std::chrono::milliseconds compile_limit = 45s) {
  ::setenv("CUDALAB_HOSTILE_WORKER", attack, 1);
  WorkerClient client(CUDALAB_HOSTILE_WORKER_EXE);
  client.compile_limit = compile_limit;
  lessons::RunControl control;
  return client.check("guard", "__global__ void add_ten(const float* a, float* out, int n) {}", control, limit);
}

TEST(HostileWorker, AForgedPassWithoutOutputsIsNotAPass) {
  const cudalab::Run run = check_with("forged-pass");
  const ex::Verdict verdict = ex::verdict_of_run(run, "guard");
  EXPECT_FALSE(verdict.passed()) << verdict.text();
  EXPECT_NE(verdict.text().find("holds no outputs"), std::string::npos) << verdict.text();
}

TEST(HostileWorker, AFloodOfProgressDoesNotKeepTheTimeLimitFromFiring) {
  const auto started = Clock::now();
  const cudalab::Run run = check_with("flood", 1s);
  EXPECT_EQ(run.status.code, StatusCode::timeout) << run.status.describe();
  EXPECT_LT(Clock::now() - started, 15s);
  EXPECT_EQ(ex::verdict_of_run(run, "guard").kind, ex::VerdictKind::timed_out);
}

TEST(HostileWorker, AMessageNestedAMillionDeepIsRefusedInWords) {
  const cudalab::Run run = check_with("deep");
  EXPECT_FALSE(run.status.ok());
  EXPECT_NE(run.status.message.find("nested too deep"), std::string::npos) << run.status.describe();
  EXPECT_FALSE(ex::verdict_of_run(run, "guard").passed());
}

// Compiling and running have limits of their own (issue #26): load that slows the compiler never
// eats into the time the tests may run.
TEST(HostileWorker, AReplyOfTheWrongShapeIsRefusedInWords) {
  const auto started = Clock::now();
  const cudalab::Run run = check_with("wrong-types");
  EXPECT_EQ(run.status.code, StatusCode::internal) << run.status.describe();
  EXPECT_NE(run.status.message.find("cannot read"), std::string::npos) << run.status.describe();
  EXPECT_FALSE(ex::verdict_of_run(run, "guard").passed());
  EXPECT_LT(Clock::now() - started, 15s);
}

TEST(CheckLimits, ACompileSlowerThanTheRunLimitIsNoTimeout) {
  const cudalab::Run run = check_with("slow-compile", 1s);
  EXPECT_TRUE(run.status.ok()) << run.status.describe();
}

TEST(CheckLimits, ACompileThatNeverEndsMeetsTheCompileLimit) {
  const auto started = Clock::now();
  const cudalab::Run run = check_with("compile-forever", 20s, 1s);
  EXPECT_EQ(run.status.code, StatusCode::timeout) << run.status.describe();
  EXPECT_NE(run.status.message.find("the check's compile limit"), std::string::npos) << run.status.describe();
  EXPECT_LT(Clock::now() - started, 15s);
}

TEST(CheckLimits, TheRunClockStartsOnceWhateverTheWorkerRepeats) {
  const auto started = Clock::now();
  const cudalab::Run run = check_with("phase-spam", 1s);
  EXPECT_EQ(run.status.code, StatusCode::timeout) << run.status.describe();
  EXPECT_NE(run.status.message.find("the check's time limit is 1.0 s"), std::string::npos) << run.status.describe();
  EXPECT_LT(Clock::now() - started, 15s);
}

}  // namespace
}  // namespace cudalab::app::worker
